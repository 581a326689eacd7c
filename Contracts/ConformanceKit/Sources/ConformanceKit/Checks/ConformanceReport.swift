import Contracts

/// The results of checking one plugin.
public struct ConformanceReport: CustomStringConvertible {
    /// The plugin checked.
    public let manifest: PluginManifest
    /// Every result, in the order the checks ran.
    public let results: [CheckResult]

    /// Makes a report.
    public init(manifest: PluginManifest, results: [CheckResult]) {
        self.manifest = manifest
        self.results = results
    }

    /// Whether every check passed.
    public var conforms: Bool { results.allSatisfy(\.passed) }

    /// The checks that did not apply (``NotApplicable``, or a contract with no suite).
    public var notApplicable: [CheckResult] { results.filter { !$0.applicable } }

    /// The checks that failed.
    public var failures: [CheckResult] { results.filter { !$0.passed } }

    /// The result of `check` on `subject`, if it ran.
    public func result(_ check: String, subject: String) -> CheckResult? {
        results.first { $0.check == check && $0.subject == subject }
    }

    /// One line per check, then a summary.
    public var description: String {
        let summary = ConformanceReport.summary(results) + "; "
            + (conforms ? "\(manifest.name) conforms" : "\(manifest.name) does not conform")
        return (results.map(\.description) + [summary]).joined(separator: "\n")
    }

    /// `N checks: P passed, F failed`, then `, A not applicable` when some did not apply.
    public static func summary(_ results: [CheckResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        let skipped = results.filter { !$0.applicable }.count
        return "\(results.count) checks: \(results.count - failed - skipped) passed, \(failed) failed"
            + (skipped > 0 ? ", \(skipped) not applicable" : "")
    }
}
