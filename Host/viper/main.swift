import Foundation
import ViperRuntime

setvbuf(stdout, nil, _IOLBF, 0)
exit(ViperCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
