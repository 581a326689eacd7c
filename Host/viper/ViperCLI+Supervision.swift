import Foundation
import ViperCommandLine
import ViperRuntime
import ViperShell

/// Which sessions run supervised (issue 24): the shell, in every mode, unless `VIPER_SUPERVISE=0`.
extension ViperCLI {
    /// Whether `options` open the shell and a supervisor should run it (not already inside one).
    static func supervises(_ options: CommandLineOptions, environment: [String: String]) -> Bool {
        !["plugins", "graph", "doctor"].contains(options.command ?? "") && Supervisor.isOn(environment: environment)
            && !Supervisor.hasRun
    }

    /// Runs `session` (the shell with its runtime) under a supervisor.
    static func supervised(_ options: CommandLineOptions, environment: [String: String], session: () -> Int32) -> Int32 {
        let runtime = options.runtimeOptions(environment: environment, executableDirectory: Paths.executableDirectory())
        let terminal = isatty(STDIN_FILENO) == 1
        let setup = Supervisor.Setup(dataFolder: runtime.dataFolder, scripted: options.script != nil || !terminal,
                                     relaysInput: options.script == nil && !terminal, commandTimeout: options.commandTimeout)
        return Supervisor.run(setup, worker: session)
    }
}
