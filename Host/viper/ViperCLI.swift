import Contracts
import Foundation
import ViperCheck
import ViperCommandLine
import ViperCore
import ViperKit
import ViperLoading
import ViperRuntime
import ViperShell
import ViperSupervision

/// The `viper` command: parses the command line and runs a subcommand or the shell.
enum ViperCLI {
    /// Runs viper and returns its exit code.
    static func main(arguments: [String], environment: [String: String]) -> Int32 {
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
        // Signing, keys, the index and getting plugins: commands that parse their own words.
        if let status = SupplyCommands.run(arguments, environment: environment) { return status }
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            ViperTool.printError("viper: \(error)")
            return ViperTool.usageExitCode
        }
        if options.version {
            print("viper \(ViperTool.version) (Contracts ABI \(ContractsVersion.current))")
            return 0
        }
        if options.help || options.command == "help" {
            return help(options)
        }
        // The shell's --json reaches plugins as VIPER_OUTPUT, which their Builders read; set
        // here, before any thread starts, as setenv is not safe beside other threads.
        if options.json, options.command == nil || options.command == "shell" { setenv("VIPER_OUTPUT", "json", 1) }
        switch options.command {
        case "plugins" where options.enable != nil:
            return enable(options, environment: environment)
        case "doctor" where options.bisect != nil:
            return BisectCommand.run(options: options, environment: environment)
        case "check": return CheckCommand.run(options: options, environment: environment)
        case "new": return NewCommand.run(options: options, environment: environment)
        case "sdk": return SDKCommand.run(environment: environment)
        case "dev": return dev(options, environment: environment)
        case "install", "uninstall":
            return InstallCommand.run(options: options, environment: environment, uninstall: options.command == "uninstall")
        default: return runWithPlugins(options, environment: environment)
        }
    }

    /// `viper --help`, `viper help [COMMAND]` and `viper COMMAND --help`.
    private static func help(_ options: CommandLineOptions) -> Int32 {
        // `viper help --help` asks about `help` itself, like `viper doctor --help` about `doctor`.
        let topic = options.command == "help" ? (options.arguments.first ?? (options.help ? "help" : nil)) : options.command
        guard let topic else {
            print(HelpText.general())
            return 0
        }
        guard let info = CommandInfo.find(topic) else {
            ViperTool.printError("viper: no help for '\(topic)': not a command; see 'viper --help'")
            return ViperTool.usageExitCode
        }
        print(HelpText.command(info))
        return 0
    }

    /// Runtimes whose sessions ended, left for the exit to free (see ``runWithPlugins(_:environment:live:)``).
    nonisolated(unsafe) private static var keptUntilExit: [HostRuntime] = []

    /// The commands that start the runtime first: `plugins`, `graph`, `doctor` and the shell.
    private static func runWithPlugins(
        _ options: CommandLineOptions, environment: [String: String],
        live: (HostRuntime) -> LiveSetup = { LiveSetup(reloader: $0) }
    ) -> Int32 {
        if supervises(options, environment: environment) {
            return supervised(options, environment: environment) { runWithPlugins(options, environment: environment, live: live) }
        }
        var runtimeOptions = options.runtimeOptions(environment: environment, executableDirectory: Paths.executableDirectory())
        let turnedOff = CrashMemory.read(data: runtimeOptions.dataFolder).turnedOff()
        runtimeOptions.excludedPlugins = turnedOff.merging(WorkerLaunch.current?.excluded ?? [:]) { _, crashed in crashed }
        runtimeOptions.excludedPlugins.merge(BisectCommand.excluded(environment: environment)) { crashed, _ in crashed }
        let runtime = HostRuntime(options: runtimeOptions)
        let startup: StartupReport
        do {
            startup = try runtime.start()
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
        for warning in startup.warnings where WorkerLaunch.current?.isRestart != true {
            ViperTool.printError("warning: \(warning)")
        }
        for warning in SlowStart.check(runtime, record: !options.rescan && WorkerLaunch.current?.isRestart != true) {
            ViperTool.printError("warning: \(warning)")
        }
        if !["plugins", "graph", "doctor"].contains(options.command ?? ""), WorkerLaunch.current?.isRestart != true {
            for (name, reason) in turnedOff.sorted(by: { $0.key < $1.key }) {
                ViperTool.printError("warning: plugin '\(name)' is not loaded: \(reason)")
            }
        }
        switch options.command {
        case "plugins" where options.lock || options.unlock:
            return lock(runtime, remove: options.unlock)
        case "plugins" where options.profile:
            return ProfileCommand.run(runtime, json: options.json)
        case "plugins":
            print(options.json ? PluginReport.pluginsJSON(runtime) : PluginReport.pluginsText(runtime) + crashLines(runtime))
            return 0
        case "graph":
            return GraphCommand.run(runtime: runtime, options: options)
        case "doctor":
            print(options.json ? PluginReport.doctorJSON(runtime) : PluginReport.doctorText(runtime) + crashLines(runtime))
            return runtime.doctorProblems.isEmpty && !PluginPlacement.hasNearMisses(runtime) ? 0 : 1
        default:
            // The runtime reloads plugin files that change while the shell runs.
            let status = ShellLauncher.run(runtime: runtime, options: options, environment: environment, live: live(runtime))
            // The shell closed every database and the log writes as it goes: what is left is memory,
            // which the process's exit (main.swift) frees faster than taking the runtime apart.
            keptUntilExit.append(runtime)
            return status
        }
    }

    /// `viper dev [PATH] [--open ROUTE]`: builds the plugin package (or the workspace of a library
    /// and its plugins), then opens the shell with the `.so` files added to the bundled plugins,
    /// rebuilding on every change to the sources (see ``DevSession``, ``DevWorkspace``).
    private static func dev(_ options: CommandLineOptions, environment: [String: String]) -> Int32 {
        // Supervised like any shell: the supervisor forks before the build and the
        // watcher start threads, and each worker builds (the first) or resumes (a restart) and watches.
        if supervises(options, environment: environment) {
            return supervised(options, environment: environment) { dev(options, environment: environment) }
        }
        let session: any DevBuilding
        do {
            session = try devSession(options)
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
        defer { session.stop() }
        if options.watch != false {
            do {
                try session.startWatching()
            } catch {
                ViperTool.printError("warning: \(error); the package is not rebuilt on changes this session")
            }
        }
        var shell = options
        shell.pluginFlags += session.libraries
        return runWithPlugins(shell, environment: environment) { runtime in
            LiveSetup(
                reloader: runtime, notices: session.takeNotices,
                reopenRoute: options.openRoute, watchesByDefault: true)
        }
    }

    /// `viper plugins --lock` and `--unlock`.
    private static func lock(_ runtime: HostRuntime, remove: Bool) -> Int32 {
        do {
            if remove {
                if let path = try runtime.removeLock() {
                    let kept = FileManager.default.fileExists(atPath: path)
                    print(
                        kept
                            ? "\(path) pins no files now (it keeps publisher keys and revocations): every trusted plugin loads again."
                            : "Removed \(path): every trusted plugin loads again.")
                } else {
                    print("No plugin lock in \(runtime.dataFolder); nothing to do.")
                }
                return 0
            }
            for problem in runtime.problems {
                ViperTool.printError("warning: \(problem.message)")
            }
            let (path, plugins) = try runtime.writeLock()
            var lines = ["Locked \(plugins.count) plugin(s) in \(path):"]
            let width = plugins.map(\.name.count).max() ?? 0
            lines += plugins.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.sha256.prefix(16))…  \($0.path)" }
            lines.append("Until you lock again, any other plugin, or one whose bytes change, is refused.")
            print(lines.joined(separator: "\n"))
            return 0
        } catch {
            ViperTool.printError("viper: \(error)")
            return 1
        }
    }
}
