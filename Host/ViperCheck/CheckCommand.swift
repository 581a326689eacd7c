import Foundation
import ViperCommandLine
import ViperLoading
import ViperRuntime

/// `viper check PATH.so [--json]`: runs the conformance kit against a built plugin
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
            outcome = try runChild(path: path, pluginFlags: options.pluginFlags, environment: environment)
        } catch {
            ViperTool.printError("viper: cannot check \(path): \(error)")
            return 1
        }
        print(options.json ? outcome.json : outcome.text)
        return outcome.conforms ? 0 : 1
    }

    private static func runChild(path: String, pluginFlags: [String], environment: [String: String]) throws -> CheckOutcome {
        let scratch = NSTemporaryDirectory() + "viper-check-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch + "/xdg", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let report = scratch + "/report.jsonl"
        _ = FileManager.default.createFile(atPath: report, contents: nil)

        let process = Process()
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: me)
        process.arguments = [CheckChild.command, "--report", report] + pluginFlags.flatMap { ["--plugins", Paths.absolute($0)] } + [path]
        var childEnvironment = environment
        childEnvironment["VIPER_DATA_DIR"] = scratch + "/data"
        childEnvironment["XDG_DATA_HOME"] = scratch + "/xdg"
        childEnvironment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = childEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = scratch + "/stderr"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors) ?? FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()

        let timeout = environment["VIPER_CHECK_TIMEOUT"].flatMap(Double.init) ?? 120
        var ended: String?
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            ended = "did not finish within \(Int(timeout)) s (VIPER_CHECK_TIMEOUT) and was stopped"
        } else if process.terminationReason == .uncaughtSignal {
            let said = lastLine(of: errors).map { " after printing '\($0)'" } ?? ""
            ended = "crashed with \(PluginScanner.signalName(process.terminationStatus))\(said)"
        } else if process.terminationStatus != 0 {
            ended = "the checker ended with status \(process.terminationStatus)"
        }
        let decoder = JSONDecoder()
        let data = FileManager.default.contents(atPath: report) ?? Data()
        let lines = data.split(separator: 0x0A).compactMap { try? decoder.decode(CheckLine.self, from: Data($0)) }
        return CheckOutcome(path: path, lines: lines, ended: ended)
    }

    /// The child's last words on standard error (see ``ScanWorker/lastWords(_:)``).
    private static func lastLine(of file: String) -> String? {
        let data = FileManager.default.contents(atPath: file) ?? Data()
        return ScanWorker.lastWords(String(decoding: data.suffix(16384), as: UTF8.self))
    }
}
