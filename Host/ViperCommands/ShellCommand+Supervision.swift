import Foundation
import ViperCommandLine
import ViperLoading
import ViperSupervision

/// Which sessions run supervised: the shell and `viper dev`, in every mode, unless `VIPER_SUPERVISE=0`.
extension ShellCommand {
    /// Whether a session should run under a supervisor (not already inside one).
    static func supervises(environment: [String: String]) -> Bool {
        Supervisor.isOn(environment: environment) && !Supervisor.hasRun
    }

    /// Runs `session` (the shell with its runtime) under a supervisor.
    static func supervised(_ context: CommandContext, session: () -> Int32) -> Int32 {
        let globals = context.globals
        let runtime = globals.runtimeOptions(environment: context.environment, executableDirectory: Paths.executableDirectory())
        let terminal = isatty(STDIN_FILENO) == 1
        let setup = Supervisor.Setup(
            dataFolder: runtime.dataFolder, scripted: globals.script != nil || !terminal,
            relaysInput: globals.script == nil && !terminal, commandTimeout: globals.commandTimeout)
        return Supervisor.run(setup, worker: session)
    }
}
