import Contracts
import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// `viper plugins` and `viper doctor`: text and JSON reports of the runtime's state.
package enum PluginReport {
    struct PluginsJSON: Encodable {
        let contractsVersion: String
        /// The Swift compiler this viper was built with.
        let swiftCompiler: String
        let folders: [PluginFolder]
        let plugins: [PluginJSON]
        let contractLibraries: [ContractLibraryJSON]
        let problems: [Problem]
    }

    struct PluginJSON: Encodable {
        package let name: String?
        let version: String?
        package let summary: String?
        let path: String
        let origin: PluginOrigin
        let status: PluginRecord.Status
        let reason: String?
        let contractsVersion: String?
        /// The Swift compiler the plugin was built with: nil before it scanned, "unknown" when it does not say.
        let swiftCompiler: String?
        let provides: [Provision]
        let requires: [Requirement]
        let overridden: [String]
        /// The contract libraries it was built against (`Greetings 1.0`).
        let contractLibraries: [String]
        /// Set once a reload replaced it: the version serving now (1 at start-up), and the older images still mapped.
        var liveVersion: Int?
        var olderImages: Int?
        /// Its crashes in viper's worker, when it crashed (``CrashesJSON``).
        var crashes: CrashesJSON?
        /// How it runs and why (``ModeJSON``); nil for a file that never registered.
        var mode: ModeJSON?
    }

    struct DoctorJSON: Encodable {
        let ok: Bool
        let loaded: Int
        let disabled: Int
        let problems: [Problem]
        /// Plugin files in places viper does not search, with where each should go.
        let misplaced: [PluginPlacement.NearMiss]
        /// Every plugin file with its status, so a problem can be matched to its plugin.
        let plugins: [DoctorPluginJSON]
        /// Every requirement with who serves it: the graph that was checked.
        let dependencies: [Dependency]
        /// Every intercepted contract with its interceptors' plugins, in the order they run.
        let interceptors: [InterceptorJSON]
        /// What the kernel offers the sandbox, and whether it is on.
        var sandbox = SandboxJSON(.probe())
    }

    struct DoctorPluginJSON: Encodable {
        package let name: String?
        let path: String
        let status: PluginRecord.Status
        let reason: String?
        /// Set once a reload replaced it (as in ``PluginJSON``).
        var liveVersion: Int?
        var olderImages: Int?
        /// As in ``PluginJSON``.
        var crashes: CrashesJSON?
        /// As in ``PluginJSON``.
        var mode: ModeJSON?
    }

    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return "{}" }
        // Names and reasons come from plugin files: no format character reaches the terminal raw.
        return PrintableText.escapingFormatInJSON(text)
    }

    package static func pluginsJSON(_ runtime: HostRuntime) -> String {
        let crashes = crashes(runtime)
        return json(
            PluginsJSON(
                contractsVersion: ContractsVersion.current.description,
                swiftCompiler: SwiftCompilerVersion.compiling.description,
                folders: runtime.folders,
                plugins: runtime.records.map { record in
                    PluginJSON(
                        name: record.name, version: record.descriptor?.manifest.version, summary: record.descriptor?.manifest.summary,
                        path: record.path, origin: record.origin, status: record.status, reason: record.reason,
                        contractsVersion: record.descriptor?.contractsVersion.description,
                        swiftCompiler: record.descriptor.map { $0.swiftCompiler?.description ?? "unknown" },
                        provides: record.descriptor?.provides ?? [], requires: record.descriptor?.requires ?? [],
                        overridden: record.overridden,
                        contractLibraries: record.descriptor?.contractLibraries.map(\.description) ?? [],
                        liveVersion: record.version > 1 ? record.version : nil, olderImages: record.version > 1 ? record.olderImages : nil,
                        crashes: record.name.flatMap { crashes[$0] }, mode: modeJSON(record, runtime))
                },
                contractLibraries: contractLibrariesJSON(runtime),
                problems: runtime.problems))
    }

    package static func pluginsText(_ runtime: HostRuntime) -> String {
        var lines = PluginPlacement.folderLines(runtime.folders) + [""]
        if runtime.records.isEmpty {
            lines.append("No plugins found. Put a plugin's .so directly in one of these folders, or pass --plugins PATH.so.")
        }
        let pins = publisherPins(runtime)
        for record in runtime.records {
            let version = record.descriptor.map { " \($0.manifest.version)" } ?? ""
            lines.append("\(record.displayName)\(version)  [\(record.status.rawValue)]")
            lines.append("  path:      \(record.path) (\(record.origin.rawValue))")
            lines += publisherLine(path: record.path, pins: pins)
            if let live = liveText(record) { lines.append("  live:      \(live)") }
            lines += modeLine(record, runtime)
            if let descriptor = record.descriptor {
                if !descriptor.manifest.summary.isEmpty { lines.append("  summary:   \(descriptor.manifest.summary)") }
                lines.append("  contracts: \(descriptor.contractsVersion), built with \(compilerText(descriptor.swiftCompiler))")
                let provides = descriptor.provides.map { provision -> String in
                    let kind = provision.kind == .service ? "" : provision.kind.rawValue + " "
                    let route = provision.route.map { " (/\($0.pattern))" } ?? ""
                    let from = provision.adaptedFrom.map { " from \($0.name)" } ?? ""
                    return kind + provision.description + from + route
                }
                lines.append("  provides:  \(provides.isEmpty ? "nothing" : provides.joined(separator: ", "))")
                let requires = descriptor.requires.map { ($0.kind == .module ? "module " : "") + $0.description }
                lines.append("  requires:  \(requires.isEmpty ? "nothing" : requires.joined(separator: ", "))")
                lines += librariesLine(descriptor)
                if !record.overridden.isEmpty { lines.append("  overridden: \(record.overridden.joined(separator: ", ")) (another provider was chosen)") }
            }
            if let reason = record.reason { lines.append("  disabled:  \(reason)") }
        }
        lines += contractLibrariesText(runtime)
        let suites = suiteLibraryLines(runtime)
        if !suites.isEmpty { lines += [""] + suites }
        let misplaced = misplacedLines(runtime)
        if !misplaced.isEmpty { lines += [""] + misplaced }
        return lines.map(printable).joined(separator: "\n")
    }

    /// `Swift 6.3`, with this viper's when it differs (Swift on Linux has no stable ABI between releases).
    static func compilerText(_ compiler: SwiftCompilerVersion?) -> String {
        let host = SwiftCompilerVersion.compiling
        guard let compiler else { return "an unknown Swift compiler (it predates Contracts 1.1)" }
        return compiler == host ? "Swift \(compiler)" : "Swift \(compiler) (this viper: Swift \(host); rebuild it if it misbehaves)"
    }

    package static func doctorJSON(_ runtime: HostRuntime) -> String {
        let problems = runtime.doctorProblems
        let misses = PluginPlacement.nearMisses(runtime)
        let crashes = crashes(runtime)
        return json(
            DoctorJSON(
                ok: problems.isEmpty && misses.isEmpty,
                loaded: runtime.records.filter { $0.status == .loaded || $0.status == .ready }.count,
                disabled: runtime.records.filter { $0.status == .disabled || $0.status == .broken }.count,
                problems: problems,
                misplaced: misses,
                plugins: runtime.records.map {
                    DoctorPluginJSON(
                        name: $0.name, path: $0.path, status: $0.status, reason: $0.reason,
                        liveVersion: $0.version > 1 ? $0.version : nil,
                        olderImages: $0.version > 1 ? $0.olderImages : nil,
                        crashes: $0.name.flatMap { crashes[$0] }, mode: modeJSON($0, runtime))
                },
                dependencies: runtime.dependencies,
                interceptors: interceptors(runtime).map { InterceptorJSON(contract: $0.contract, plugins: $0.plugins) }))
    }

    package static func doctorText(_ runtime: HostRuntime) -> String {
        let problems = namingRefusedProviders(runtime.doctorProblems)
        let usable = runtime.records.filter { $0.status == .loaded || $0.status == .ready }.count
        // Misplaced files do not make the graph wrong, but they are why a plugin is missing: not ok (exit 1).
        let misses = PluginPlacement.nearMisses(runtime)
        let misplaced = PluginPlacement.lines(misses) + interceptorLines(runtime) + liveLines(runtime) + isolationLines(runtime) + sandboxLines()
        if problems.isEmpty {
            let verdict =
                misses.isEmpty
                ? "ok: \(usable) plugin(s) ready, every requirement has a provider"
                : "\(misses.count) misplaced plugin file(s) (above); \(usable) plugin(s) ready, every requirement has a provider"
            return (misplaced + [verdict]).map(printable).joined(separator: "\n")
        }
        let disabled = runtime.records.filter { $0.status == .disabled || $0.status == .broken }.count
        return
            (problems.map { "problem: \($0.message)" } + misplaced
            + ["\(problems.count) problem(s); \(usable) plugin(s) ready, \(disabled) disabled"])
            .map(printable).joined(separator: "\n")
    }

    /// A line as the terminal should show it: plugin names, summaries and paths come from
    /// plugin files and folders, so control characters (escape sequences, newlines) are dropped.
    static func printable(_ line: String) -> String {
        PrintableText.oneLine(line)
    }
}
