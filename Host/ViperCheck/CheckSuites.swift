import ConformanceKit
import Contracts
import Foundation
import ViperLoading

/// Suites that travel with contracts (``ExportedSuites``): `lib<Library>Suites.so` beside each
/// contract library the plugin links, and `lib<Plugin>Suites.so` beside the plugin itself (a
/// plugin package that builds its own suites puts them there). Each runs in the check child,
/// against the plugin recorded once more into the suite's copy of the kit, with the host's
/// services; its results come back as JSON and are reported as that suite's.
struct CheckSuites {
    /// A suite library found, and whose it is (`FixtureWelcome's suite`, `the plugin's own suite`).
    struct Found: Equatable {
        let path: String
        let owner: String
        /// The contract library whose suites these are, when known (for ``copyProblem(_:)``).
        var library: String?
    }

    /// What one suite said: its results, each naming the suite, and its summary line.
    struct Ran {
        let results: [CheckResult]
        let summary: CheckResult
    }

    /// The suite libraries for the plugin at `path` that links the `libraries` given, then the `given` files
    /// (`viper check --suites`, reported even when missing, so a wrong path is named). A library's suites
    /// are looked for beside the copy of it the check loaded, then in `folders`, the other places
    /// libraries are found (``CheckLibraries/folders(pluginAt:environment:)``): a plugin checked in
    /// its build folder loads the library copied there, while its suites were installed beside the user folder's.
    static func find(pluginAt path: String, libraries: [ContractLibrary], folders: [String] = [], given: [String] = []) -> [Found] {
        var found = libraries.filter { !$0.name.isEmpty && $0.status == .loaded }.map { library in
            let file = "lib\(library.name)Suites.so"
            let places = [Paths.parent(library.path)] + folders
            return Found(
                path: Paths.join(places.first { FileManager.default.fileExists(atPath: Paths.join($0, file)) } ?? places[0], file),
                owner: owner(of: library.name), library: library.name)
        }
        let file = Paths.lastComponent(path)
        if file.hasPrefix("lib"), file.hasSuffix(".so"), !file.hasSuffix("Suites.so") {
            found.append(Found(path: Paths.join(Paths.parent(path), String(file.dropLast(3)) + "Suites.so"), owner: "the plugin's own suite"))
        }
        return found.filter { FileManager.default.fileExists(atPath: $0.path) }
            + given.map { Self.given($0, libraries: libraries) }
    }

    /// Runs the suite library `suite` against the plugin whose `viper_plugin_entry` is `entry`.
    static func run(_ suite: Found, entry: UnsafeMutableRawPointer, services: any Resolver) -> Ran {
        func failed(_ reason: String) -> Ran {
            Ran(results: [], summary: CheckResult(check: "suite", subject: "plugin", passed: false, reason: "\(suite.owner) (\(suite.path)) \(reason)"))
        }
        if let problem = kitProblem(suite) ?? copyProblem(suite) { return failed(problem) }
        guard let handle = dlopen(suite.path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            return failed("cannot be loaded: \(dlerror().map { String(cString: $0) } ?? "unknown error"); rebuild it against the installed libraries")
        }
        guard let symbol = dlsym(handle, ExportedSuites.symbol) else {
            return failed("does not export \(ExportedSuites.symbol); export it with @_cdecl(\"\(ExportedSuites.symbol)\") calling ExportedSuites.run")
        }
        let collected = Collected()
        var resolver: any Resolver = services
        let status = withUnsafeMutablePointer(to: &resolver) { resolverPointer in
            let emit: ExportedSuites.Emit = { json, context in
                guard let json, let context else { return }
                Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue().lines.append(String(cString: json))
            }
            var words: [UnsafeMutableRawPointer?] = [
                entry, UnsafeMutableRawPointer(resolverPointer),
                unsafeBitCast(emit, to: UnsafeMutableRawPointer.self),
                Unmanaged.passUnretained(collected).toOpaque(),
            ]
            return words.withUnsafeMutableBytes { unsafeBitCast(symbol, to: ExportedSuites.Entry.self)($0.baseAddress) }
        }
        // Its kit's record matched this viper's (kitProblem), so the request was refused by the
        // suite's own export, which did not hand it to ExportedSuites.run as it came.
        guard status == 0 else {
            return failed(
                "refused viper check's request (status \(status)): its \(ExportedSuites.symbol) did not pass the request on as it came; "
                    + "make it '@_cdecl(\"\(ExportedSuites.symbol)\") public func viperContractSuites(_ request: UnsafeMutableRawPointer?) -> Int32 "
                    + "{ ExportedSuites.run(request, suites: [...]) }' with its suites in the list, rebuild it and install it again")
        }
        let decoded = collected.lines.compactMap { try? JSONDecoder().decode(CheckResult.self, from: Data($0.utf8)) }
        let results = decoded.map { result in
            result.applicable
                ? CheckResult(
                    check: result.check, subject: result.subject, passed: result.passed,
                    reason: result.reason.map { "\(suite.owner): \($0)" } ?? suite.owner)
                : .notApplicable(check: result.check, subject: result.subject, reason: "\(suite.owner): \(result.reason ?? "")")
        }
        let subjects = Set(results.map(\.subject)).sorted()
        let summary = CheckResult(
            check: "suite", subject: "plugin", passed: true,
            reason: subjects.isEmpty
                ? "\(suite.owner) (\(suite.path)) has no check for a contract this plugin provides"
                : "ran \(suite.owner) (\(suite.path)): \(results.count) check(s) on \(subjects.joined(separator: ", "))")
        return Ran(results: results, summary: summary)
    }

    /// A suite's summary when it ran no check and the plugin's modules in `unbuilt` did not build:
    /// its checks on them (if it has any) could not run, which is not a pass.
    static func notRunFor(_ summary: CheckResult, unbuilt: [String]) -> CheckResult {
        let owner = summary.reason?.components(separatedBy: " has no check").first ?? "the suite"
        return .notApplicable(
            check: "suite", subject: "plugin",
            reason: "\(owner) ran no check: \(unbuilt.joined(separator: ", ")) did not build, so its checks on them could not run; "
                + "fix 'builds' above, then check again")
    }

    /// The JSON lines a suite sent back, gathered through the request's context.
    private final class Collected {
        var lines: [String] = []
    }
}
