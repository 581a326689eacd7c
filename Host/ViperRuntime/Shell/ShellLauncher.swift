import Contracts
import Foundation

/// Opens the shell. (First cut: reports start-up problems and reads commands;
/// the full shell and router come with the shell issue.)
enum ShellLauncher {
    static func run(runtime: HostRuntime, options: CommandLineOptions, environment: [String: String]) -> Int32 {
        for problem in runtime.problems {
            ViperCLI.printError("viper: warning: \(problem.message)")
        }
        let loaded = runtime.records.filter { $0.status == .loaded }.count
        print("viper: \(loaded) plugin(s) loaded")
        while let line = readLine() {
            if line.trimmingCharacters(in: .whitespaces) == "quit" { break }
        }
        return 0
    }
}
