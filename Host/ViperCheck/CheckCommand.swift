import ConformanceKit
import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime

/// `viper check PATH.so [--json] [--suites PATH]...`: runs the conformance kit against a built plugin
/// in a child process (this executable in its hidden `__check` mode), with a
/// temporary data folder, the host's real services and the other plugins as
/// providers. Exit 0 when it conforms, 1 when it does not, 64 for a usage error.
package struct CheckCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["check"], abstract: "Run the conformance checks against a built plugin; exit non-zero when it fails one",
        discussion: """
            A plugin that provides only modules first runs isolated, and viper checks that each module
            builds, has well-formed commands and draws its empty state in its own process, across the wire.
            Then it loads the plugin in a child process (a crash cannot take the checker down) with a temporary
            data folder, viper's own services and the bundled plugins (and --plugins) as providers, and
            checks every module it registers: fresh builds, wiring, release after removal, declared
            services, commands, the empty state, and the suites of its contracts: the bundled ones, those
            of its contract libraries (lib<Library>Suites.so beside the library), its own
            (lib<Plugin>Suites.so beside it) and --suites. One line per check, under a line
            saying whether viper or the plugin's own process judged it; the second line names the SHA-256
            of the file checked. A check run that takes longer than VIPER_CHECK_TIMEOUT seconds (default 120) is stopped.
            """,
        arguments: "PATH.so", maximumArguments: 1,
        options: [
            CommandOption("--json", help: "Print JSON instead of text"),
            CommandOption("--suites", value: "PATH", repeatable: true, help: "Also run the suites built into PATH (a lib...Suites.so)"),
        ])

    let path: String?
    let json: Bool
    let suites: [String]
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        path = parsed.positional.first
        json = parsed.has("--json")
        suites = parsed.values("--suites")
        context = parsed.context
    }

    package func run() -> Int32 {
        Self.run(path: path, json: json, suites: suites, pluginFlags: context.globals.pluginFlags, environment: context.environment)
    }

    static func run(path argument: String?, json: Bool, suites: [String], pluginFlags: [String], environment: [String: String]) -> Int32 {
        guard let argument else {
            ViperTool.printError("viper: 'viper check' needs the path of a built plugin, e.g. 'viper check .build/debug/libCounterPlugin.so'")
            return ViperTool.usageExitCode
        }
        let path = Paths.absolute(argument)
        if let folder = folderLine(path) {
            ViperTool.printError("viper: \(folder)")
            return ViperTool.usageExitCode
        }
        let outcome: CheckOutcome
        do {
            outcome = try runChild(path: path, pluginFlags: pluginFlags, suites: suites, environment: environment)
        } catch {
            ViperTool.printError("viper: cannot check \(path): \(error)")
            return 1
        }
        if let line = SandboxSupport.probe(environment: environment).line {
            if json { ViperTool.printError(line) } else { print(line) }
        }
        print(json ? outcome.json : outcome.text)
        let notes = [
            PluginPlacement.checkedFileNote(path, flags: pluginFlags, environment: environment),
            PluginPlacement.installedCopyNote(path, environment: environment),
        ]
        for note in notes.compactMap({ $0 }) {
            if json { ViperTool.printError(note) } else { print(note) }
        }
        return outcome.conforms ? 0 : 1
    }

    /// The line for a folder given where a plugin file belongs, naming a plugin in it (or in its
    /// `.build/debug`, where `swift build` writes one) when there is one; nil for anything else.
    static func folderLine(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        let plugins = [path, Paths.join(path, ".build/debug")].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") && $0 != "libContracts.so" }.map { Paths.join(folder, $0) }
        }
        let example = plugins.first.map { ", e.g. 'viper check \($0)'" } ?? " ('swift build' writes it to .build/debug/)"
        return "\(path) is a folder, not a plugin; give the path of a built plugin (lib<Name>.so)\(example)"
    }

    /// Runs the module checks in this process against the plugin running isolated (``CheckWire``),
    /// then the rest in the check's child; the file's bytes are hashed first and again at the end
    /// (``CheckedFile``).
    private static func runChild(path: String, pluginFlags: [String], suites: [String], environment: [String: String]) throws -> CheckOutcome {
        // A file that cannot be read is left to the child, whose `loads` says why.
        let file = try? CheckedFile.read(path).get()
        let scratch = NSTemporaryDirectory() + "viper-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch + "/xdg", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let sandbox = Sandbox.isTurnedOff(environment) ? [] : ["--sandbox", scratch]
        let installed = CheckInstalledProviders.look(path: path, given: pluginFlags.map { Paths.absolute($0) }, environment: environment)
        let providers = installed?.providers.map(\.path) ?? []
        let arguments =
            [CheckChild.command] + sandbox + (pluginFlags.map { Paths.absolute($0) } + providers).flatMap { ["--plugins", $0] }
            + suites.flatMap { ["--suites", Paths.absolute($0)] } + [path]
        var childEnvironment = environment
        childEnvironment["VIPER_DATA_DIR"] = scratch + "/data"
        childEnvironment["XDG_DATA_HOME"] = scratch + "/xdg"
        childEnvironment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        childEnvironment[CheckLibraries.variable] = CheckLibraries.value(environment: environment)
        childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        let errors = scratch + "/stderr"
        let timeout = environment["VIPER_CHECK_TIMEOUT"].flatMap(Double.init) ?? 120
        var isolatedEnvironment = childEnvironment
        isolatedEnvironment.removeValue(forKey: CheckLibraries.variable)
        // One call that hangs costs at most the check's own time, and by default the isolated plugin's 30 s.
        let callTimeout = environment["VIPER_ISOLATED_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 30
        isolatedEnvironment["VIPER_ISOLATED_TIMEOUT"] = String(min(callTimeout, timeout))
        let wire = file.map { _ in
            CheckWire.run(path: path, executable: me, dataFolder: scratch + "/data", environment: isolatedEnvironment, timeout: timeout)
        }
        // The child's verdict comes from the parent's reading of the channel (CheckSession, CheckTranscript).
        let session = CheckSession(
            executable: me, arguments: arguments, environment: childEnvironment,
            errorFile: errors, timeout: timeout)
        let ending = try session.run()
        if !sandbox.isEmpty { CgroupLimit.sweep() }  // the child's pids cgroup, now empty
        var ended = ending.ended
        if let crash = ended, crash.hasPrefix("crashed") {
            ended = crash + (lastLine(of: errors).map { " after printing '\($0)'" } ?? "")
        }
        var outcome = ending.transcript.outcome(path: path, ended: ended)
        outcome.sha256 = file?.sha256
        if let installed { outcome.checks = installed.telling(outcome.checks) }
        switch wire {
        case .judged(let results, let modules):
            // What crossed the wire is judged here: the child's passes of the same checks are left
            // out, and its failures said in the same words; a failure in other words (a crash's, with
            // its last words) stays.
            let judged = Set(results.map { "\($0.check) \($0.subject)" })
            let registered = outcome.checks.contains { $0.check == "registers" && $0.passed }
            let sameModules = outcome.crash == nil && registered ? CheckWire.sameModules(wire: modules, child: outcome.checks) : nil
            outcome.checks.removeAll {
                CheckWire.checkNames.contains($0.check) && judged.contains("\($0.check) \($0.subject)")
                    && ($0.passed || results.contains($0))
            }
            outcome.wire = results + (sameModules.map { [$0] } ?? [])
            outcome.inProcessNote = "the checks that need its objects, its input, its services or the other plugins"
        case .refused(let reason):
            outcome.inProcessNote = "it cannot run isolated: " + CheckWire.refusalNote(reason, obstacle: outcome.isolationObstacle, checks: outcome.checks)
        case nil:
            if outcome.checks.contains(where: { $0.check == "loads" && $0.passed }) {
                outcome.wire.append(
                    CheckResult(check: "file", subject: "plugin", passed: false, reason: "\(path) could not be read to name its digest: no verdict"))
            }
        }
        if let change = file?.change() {
            outcome.wire.append(CheckResult(check: "file", subject: "plugin", passed: false, reason: change))
        }
        return outcome
    }

    /// The child's last words on standard error (see ``ScanWorker/lastWords(_:)``).
    private static func lastLine(of file: String) -> String? {
        let data = FileManager.default.contents(atPath: file) ?? Data()
        return ScanWorker.lastWords(String(decoding: data.suffix(16384), as: UTF8.self))
    }
}
