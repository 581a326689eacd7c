import Foundation
import ViperCommandLine
import ViperCore
import ViperKit
import ViperLoading
import ViperRuntime
import ViperShell
import ViperSupervision

/// Which sessions run supervised: the shell, in every mode, unless `VIPER_SUPERVISE=0`.
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
        let setup = Supervisor.Setup(
            dataFolder: runtime.dataFolder, scripted: options.script != nil || !terminal,
            relaysInput: options.script == nil && !terminal, commandTimeout: options.commandTimeout)
        return Supervisor.run(setup, worker: session)
    }
}

/// The crash memory on the command line: shown by `viper plugins` and `viper doctor`,
/// cleared for one plugin by `viper plugins --enable NAME`.
extension ViperCLI {
    /// The crash memory's lines after a report, or nothing when no plugin crashed.
    static func crashLines(_ runtime: HostRuntime) -> String {
        let lines = CrashMemory.read(data: runtime.dataFolder).lines()
        return lines.isEmpty ? "" : "\n\nCrashes in viper's worker (crashes/memory.json):\n" + lines.joined(separator: "\n")
    }

    /// `viper plugins --enable NAME`: forgets the plugin's crashes, so it loads again.
    static func enable(_ options: CommandLineOptions, environment: [String: String]) -> Int32 {
        let name = options.enable ?? ""
        let data = options.runtimeOptions(environment: environment, executableDirectory: Paths.executableDirectory()).dataFolder
        var memory = CrashMemory.read(data: data)
        guard memory.plugins.removeValue(forKey: name) != nil else {
            let known = memory.plugins.keys.sorted()
            ViperTool.printError(
                "viper: no crashes of a plugin named '\(name)' are remembered; "
                    + (known.isEmpty ? "no plugin crashed" : "remembered: \(known.joined(separator: ", "))"))
            return 1
        }
        do {
            try memory.write(data: data)
        } catch {
            ViperTool.printError("viper: cannot write \(CrashMemory.path(data: data)): \(error)")
            return 1
        }
        print("Enabled \(name) again: its crashes are forgotten, and it loads at the next start.")
        return 0
    }
}

/// `viper dev` in a supervised worker.
extension ViperCLI {
    /// The dev session of this worker: the first builds the package; one that replaces a crashed
    /// worker finds the build the first made (and the watcher rebuilds on the next change).
    static func devSession(_ options: CommandLineOptions) throws -> any DevBuilding {
        let path = options.arguments.first ?? "."
        if WorkerLaunch.current?.isRestart == true {
            return try DevTarget.resume(path: path)
        }
        return try DevTarget.prepare(path: path) { ViperTool.printError($0) }
    }
}
