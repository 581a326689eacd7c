import Foundation
import ViperFuzz

// viper-fuzz: fuzzes every input viper reads (shell lines, route paths, config and
// cache files, plugin files). The long round, from the repository root:
//   swift build && .build/debug/viper-fuzz
// A chosen round: .build/debug/viper-fuzz shell=20000 elf=200 --seed 42
exit(
    FuzzCommand.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment
    ) { print($0) })
