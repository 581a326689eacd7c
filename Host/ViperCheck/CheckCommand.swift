import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime

/// `viper check PATH.so [--json] [--suites PATH]...`: runs the conformance kit against a built plugin
/// in a child process (this executable in its hidden `__check` mode), with a
/// temporary data folder, the host's real services and the other plugins as
/// providers. Exit 0 when it conforms, 1 when it does not, 64 for a usage error.
package enum CheckCommand {
    package static func run(options: CommandLineOptions, environment: [String: String]) -> Int32 {
        guard let argument = options.arguments.first else {
            ViperTool.printError("viper: 'viper check' needs the path of a built plugin, e.g. 'viper check .build/debug/libCounterPlugin.so'")
            return ViperTool.usageExitCode
        }
        let path = Paths.absolute(argument)
        let outcome: CheckOutcome
        do {
            outcome = try runChild(path: path, pluginFlags: options.pluginFlags, suites: options.suites, environment: environment)
        } catch {
            ViperTool.printError("viper: cannot check \(path): \(error)")
            return 1
        }
        if let line = SandboxSupport.probe(environment: environment).line {
            if options.json { ViperTool.printError(line) } else { print(line) }
        }
        print(options.json ? outcome.json : outcome.text)
        if let note = PluginPlacement.checkedFileNote(path, flags: options.pluginFlags, environment: environment) {
            if options.json { ViperTool.printError(note) } else { print(note) }
        }
        return outcome.conforms ? 0 : 1
    }

    private static func runChild(path: String, pluginFlags: [String], suites: [String], environment: [String: String]) throws -> CheckOutcome {
        let scratch = NSTemporaryDirectory() + "viper-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch + "/xdg", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let sandbox = Sandbox.isTurnedOff(environment) ? [] : ["--sandbox", scratch]
        let arguments =
            [CheckChild.command] + sandbox + pluginFlags.flatMap { ["--plugins", Paths.absolute($0)] }
            + suites.flatMap { ["--suites", Paths.absolute($0)] } + [path]
        var childEnvironment = environment
        childEnvironment["VIPER_DATA_DIR"] = scratch + "/data"
        childEnvironment["XDG_DATA_HOME"] = scratch + "/xdg"
        childEnvironment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        childEnvironment[CheckLibraries.variable] = CheckLibraries.value(environment: environment)
        childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        let errors = scratch + "/stderr"
        let timeout = environment["VIPER_CHECK_TIMEOUT"].flatMap(Double.init) ?? 120
        // The verdict comes from the parent's reading of the channel (CheckSession, CheckTranscript).
        let session = CheckSession(
            executable: me, arguments: arguments, environment: childEnvironment,
            errorFile: errors, timeout: timeout)
        let ending = try session.run()
        if !sandbox.isEmpty { CgroupLimit.sweep() }  // the child's pids cgroup, now empty
        var ended = ending.ended
        if let crash = ended, crash.hasPrefix("crashed") {
            ended = crash + (lastLine(of: errors).map { " after printing '\($0)'" } ?? "")
        }
        return ending.transcript.outcome(path: path, ended: ended)
    }

    /// The child's last words on standard error (see ``ScanWorker/lastWords(_:)``).
    private static func lastLine(of file: String) -> String? {
        let data = FileManager.default.contents(atPath: file) ?? Data()
        return ScanWorker.lastWords(String(decoding: data.suffix(16384), as: UTF8.self))
    }
}
