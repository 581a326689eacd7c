import Foundation
import ViperCommands

exit(Viper.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
