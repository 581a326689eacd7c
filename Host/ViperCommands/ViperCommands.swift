import ViperCheck
import ViperCommandLine
import ViperKit

/// Every `viper` command, in one place: the parser, `viper --help` and `viper help COMMAND` read
/// this list and the commands' own declarations, and nothing else names a command.
package enum ViperCommands {
    /// In the order `viper --help` lists them (the supply commands under their own heading).
    package static let all: [any ParsableCommand.Type] = [
        ShellCommand.self, PluginsCommand.self, DoctorCommand.self, GraphCommand.self, CheckCommand.self, NewCommand.self,
        DevCommand.self, SDKCommand.self, InstallRequest.self, UninstallRequest.self, HelpCommand.self,
        SignCommand.self, VerifyCommand.self, KeysCommand.self, IndexBuildCommand.self, PluginsSearchCommand.self,
        PluginsInstallCommand.self, PluginsUpdateCommand.self, PluginsRollbackCommand.self, PluginsRemoveCommand.self,
        PluginsRevokeCommand.self, PluginsForgetKeyCommand.self, PluginsForgetIndexCommand.self,
    ]

    /// The parser over ``all``; a command line without a command opens the shell.
    package static let parser = CommandParser(commands: all, defaultCommand: ShellCommand.self)
}
