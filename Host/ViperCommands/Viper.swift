import Contracts
import Foundation
import ViperCheck
import ViperCommandLine
import ViperCore
import ViperLoading
import ViperRuntime
import ViperShell

/// The `viper` command: its hidden child modes, then the command line parsed against the
/// declarations of every command (``ViperCommands``) and the command it names run.
package enum Viper {
    /// Runs viper and returns its exit code.
    package static func main(arguments: [String], environment: [String: String]) -> Int32 {
        StandardOutput.openMissingStandardDescriptors()
        StandardOutput.lineBuffered()
        PluginClock.markProcessStart()  // start-up is measured from here (the profile, slow-start warnings)
        if arguments.first == ScanMode.command {
            return ScanMode.run(paths: Array(arguments.dropFirst()))
        }
        if arguments.first == IsolatedPluginMode.command {
            return IsolatedPluginMode.run(arguments: Array(arguments.dropFirst()), environment: environment)
        }
        if arguments.first == CheckChild.command {
            return CheckChild.run(arguments: Array(arguments.dropFirst()), environment: environment)
        }
        let request: CommandRequest
        do {
            request = try ViperCommands.parser.parse(arguments, environment: environment)
        } catch {
            ViperTool.printError("viper: \(error)")
            return ViperTool.usageExitCode
        }
        switch request {
        case .version:
            print("viper \(ViperTool.version) (Contracts ABI \(ContractsVersion.current))")
            return 0
        case .help(let configuration):
            print(HelpCommand.text(for: configuration))
            return 0
        case .run(let command, _):
            return command.run()
        }
    }
}
