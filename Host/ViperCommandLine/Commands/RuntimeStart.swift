import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperSupervision

/// Starting the plugin runtime for a command: the shell and `viper dev` (sessions) and the reports
/// (`plugins`, `doctor`, `graph`). Plugins the crash memory holds off, or a supervised worker or a
/// bisect run switches off, are left out; start-up warnings go to standard error.
package enum RuntimeStart {
    /// Starts the runtime `globals` select (`adjust` may change its options first); nil, after
    /// printing why on one line, when it cannot start. A `session` also names the plugins the
    /// crash memory holds off (a report lists them itself).
    package static func start(
        _ globals: GlobalOptions, environment: [String: String], session: Bool,
        adjust: (inout RuntimeOptions) -> Void = { _ in }
    ) -> HostRuntime? {
        var options = globals.runtimeOptions(environment: environment, executableDirectory: Paths.executableDirectory())
        adjust(&options)
        let restarted = WorkerLaunch.current?.isRestart == true
        let turnedOff = CrashMemory.read(data: options.dataFolder).turnedOff()
        options.excludedPlugins = turnedOff.merging(WorkerLaunch.current?.excluded ?? [:]) { _, crashed in crashed }
        options.excludedPlugins.merge(BisectCommand.excluded(environment: environment)) { crashed, _ in crashed }
        let runtime = HostRuntime(options: options)
        let startup: StartupReport
        do {
            startup = try runtime.start()
        } catch {
            ViperTool.printError("viper: \(error)")
            return nil
        }
        for warning in startup.warnings where !restarted {
            ViperTool.printError("warning: \(warning)")
        }
        for warning in SlowStart.check(runtime, record: !options.rescan && !restarted) {
            ViperTool.printError("warning: \(warning)")
        }
        if session, !restarted {
            for (name, reason) in turnedOff.sorted(by: { $0.key < $1.key }) {
                ViperTool.printError("warning: plugin '\(name)' is not loaded: \(reason)")
            }
        }
        return runtime
    }

    /// The crash memory's lines after a report, or nothing when no plugin crashed.
    static func crashLines(_ runtime: HostRuntime) -> String {
        let lines = CrashMemory.read(data: runtime.dataFolder).lines()
        return lines.isEmpty ? "" : "\n\nCrashes in viper's worker (crashes/memory.json):\n" + lines.joined(separator: "\n")
    }
}
