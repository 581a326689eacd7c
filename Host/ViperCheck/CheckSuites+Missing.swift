import ConformanceKit
import Foundation
import ViperLoading

/// A contract of a contract library whose suite library was not found: the kit's `contract-suite`
/// line ("write a ContractSuite for it and pass it in suites:") is the advice for a plugin's own
/// contract; for a library's it is the library's `lib<Library>Suites.so` that is missing, so the
/// line names the library, the file, the folders looked in, and the fix.
extension CheckSuites {
    /// The `contract-suite` reason for each subject (a service's or module's label) whose contract is
    /// of a loaded contract library in `libraries` none of whose suites `found` holds; `folders` are
    /// the other places looked in, after the folder of the library's loaded copy.
    static func missing(
        subjects: [(label: String, contract: String)], libraries: [ContractLibrary], folders: [String], found: [Found]
    ) -> [String: String] {
        let covered = Set(found.compactMap(\.library))
        var reasons: [String: String] = [:]
        for library in libraries where !library.name.isEmpty && library.status == .loaded && !covered.contains(library.name) {
            let places = ([Paths.parent(library.path)] + folders).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            for subject in subjects where subject.contract.hasPrefix(library.name + ".") {
                reasons[subject.label] = missingReason(contract: subject.contract, library: library.name, places: places)
            }
        }
        return reasons
    }

    /// The `contract-suite` reason for each subject whose contract is of a library whose suite
    /// library in `found` was run but holds no check of that contract yet (the template writes
    /// each suite empty): the suite is there, so the fix is a check in it, not `--suites`.
    static func empty(subjects: [(label: String, contract: String)], found: [Found]) -> [String: String] {
        var reasons: [String: String] = [:]
        for suite in found {
            guard let library = suite.library else { continue }
            for subject in subjects where subject.contract.hasPrefix(library + ".") {
                let short = subject.contract.split(separator: ".").last.map(String.init) ?? subject.contract
                reasons[subject.label] =
                    "\(library)'s suite library (\(suite.path)) ran and has no check of \(short) yet; only the generic checks ran "
                    + "(add a check to its ContractSuite(for: \(short).self, ...) in \(library)'s Suites package, build it and copy "
                    + "lib\(library)Suites.so beside lib\(library).so again)"
            }
        }
        return reasons
    }

    /// The line for `contract`, of `library`, whose `lib<library>Suites.so` is in none of `places`.
    static func missingReason(contract: String, library: String, places: [String]) -> String {
        let short = contract.split(separator: ".").last.map(String.init) ?? contract
        let file = "lib\(library)Suites.so"
        return "\(short) is a contract of \(library), whose suite library \(file) was not found beside lib\(library).so "
            + "(looked in \(places.joined(separator: ", "))); only the generic checks ran (copy \(file) into one of those "
            + "folders, or pass --suites PATH to it)"
    }

    /// The `contract-suite` line for a contract of the plugin's own: the kit's advice ("pass it in
    /// suites:") is for `Conformance.check` in a test, where a package `viper new` writes already
    /// runs its suite; `viper check` runs only suite libraries.
    static func ownReason(_ subject: String) -> String {
        "no suite exists for \(subject) in what viper check runs; only the generic checks ran (a ContractSuite in the package's "
            + "tests, as 'viper new' writes, runs in its own 'swift test'; to run one here, build it into a suite library and give it with --suites PATH)"
    }
}
