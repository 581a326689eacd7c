import Foundation
import ViperShell

StandardOutput.lineBuffered()
exit(ViperCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
