import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperShell

/// Where a piped navigation command's time goes: the shell runs the same `open` / `back`
/// script in this process with a ``PhaseTimer`` on its stack, and each phase is printed
/// as time per command and as a share of the whole command.
extension StartupLab {
    func shellSplitRows(commands: Int) throws -> [BenchmarkSuite.Row] {
        guard let folder = folders.filter({ $0.key > 0 }).min(by: { $0.key < $1.key })?.value else { return [] }
        let data = root + "/data-split-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        var options = RuntimeOptions(
            environment: ["VIPER_DATA_DIR": data, "XDG_DATA_HOME": root + "/xdg", "HOME": root],
            executableDirectory: Paths.parent(viper))
        options.pluginFlags = [folder]
        options.echoLevel = nil
        options.scannerExecutable = viper
        let runtime = HostRuntime(options: options)
        try runtime.start()
        let stack = NavigationStack(registry: runtime.registry, logger: runtime.logger)
        let home = HomeView(routes: stack.routes.map(\.spec), pluginsLoaded: runtime.records.count, problems: runtime.problems.count)
        let shell = Shell(stack: stack, home: home, output: CountingOutput(), style: .plain, width: 60)
        let lines = ["open bench/bench-0001", "back"]
        for line in lines { shell.execute(line) }  // the plugin loads on the first open: not counted
        let timer = PhaseTimer()
        stack.phaseTimer = timer
        var whole = 0.0
        for index in 0..<commands {
            whole += try Stopwatch.seconds {
                guard shell.execute(lines[index % 2]) == .succeeded else {
                    throw Failure(description: "the in-process shell failed '\(lines[index % 2])'")
                }
            }
        }
        shell.finish()
        let phase = { (name: PhaseTimer.Phase) in (timer.seconds[name] ?? 0) / Double(commands) }
        let perCommand = whole / Double(commands)
        let parts: [(String, Double)] = [
            ("build (the module's builder)", phase(.build)),
            ("draw (screen lines and output)", phase(.draw)),
            ("leak check", phase(.leakCheck)),
            ("navigate (route match, stack, lifecycle, leak watch)", phase(.builtin) - phase(.draw) - phase(.build)),
            ("other (parse, dispatch, timing)", perCommand - phase(.builtin) - phase(.leakCheck)),
        ]
        return parts.map { name, seconds in
            BenchmarkSuite.Row(
                name: "shell split, in process: \(name), share of a navigation command",
                measured: BenchmarkSuite.duration(seconds), baseline: BenchmarkSuite.duration(perCommand),
                ratio: seconds / perCommand, target: nil)
        }
    }
}

/// Takes what the shell prints and keeps only its size (the text is still made).
private final class CountingOutput: ShellOutput {
    var bytes = 0
    func show(_ text: String) { bytes += text.utf8.count }
    func error(_ message: String) { bytes += message.utf8.count }
    func warning(_ message: String) { bytes += message.utf8.count }
}
