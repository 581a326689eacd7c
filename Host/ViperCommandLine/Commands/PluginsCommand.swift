import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// `viper plugins`: every plugin found, with what it provides and requires; with `--lock` or
/// `--unlock` it pins or unpins them, with `--enable NAME` it forgets a plugin's crashes, and with
/// `--profile` it measures them (``ProfileCommand``).
package struct PluginsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["plugins"], abstract: "List every plugin found, with what it provides and requires",
        discussion: """
            Prints the folders searched, in order (marking those that do not exist): --plugins,
            VIPER_PLUGIN_PATH, the user folder ($XDG_DATA_HOME/viper/plugins), then the plugins beside the
            viper executable; then each plugin file found, in that order.
            With --lock, pins the plugins in use: while plugins.lock exists, a plugin that is not in it
            or whose bytes changed is refused before any of its code runs, until you lock again.
            Getting plugins from a signed index: plugins search, install, update, rollback, remove and
            --revoke-key (see 'viper help plugins install').
            Each plugin's mode says how it runs and why. Bundled plugins and those named with --plugins or
            VIPER_PLUGIN_PATH run in viper's process; a plugin in the user folder (a copied file, or one
            'plugins install' put there) runs isolated in a boxed process of its own unless you trust it
            with --trust NAME, and one that cannot run isolated (it serves other plugins) is not loaded
            until you do. --isolate NAME isolates any plugin. These choices are kept in config.json;
            the global option --isolate NAME (before 'plugins') isolates a plugin for one run only.

            """ + ProfileCommand.details,
        options: [
            CommandOption("--json", help: "Print JSON instead of text"),
            CommandOption("--rescan", help: "Scan every plugin again instead of trusting the cache"),
            CommandOption("--lock", help: "Pin the plugins in use by SHA-256 in the data folder's plugins.lock; others are then refused"),
            CommandOption("--unlock", help: "Remove plugins.lock: every trusted plugin loads again"),
            CommandOption("--enable", value: "NAME", help: "Load plugin NAME again after it crashed viper 3 times (forgets its crashes)"),
            ProfileCommand.option,
        ] + modeOptions)

    let json: Bool
    let rescan: Bool
    let lock: Bool
    let unlock: Bool
    let enable: String?
    let profile: Bool
    /// `--trust`, `--untrust`, `--isolate`, `--no-isolate`, each with its name, in that order.
    let modeChanges: [(option: String, name: String)]
    let context: CommandContext

    package init(_ parsed: ParsedCommand) throws {
        json = parsed.has("--json")
        rescan = parsed.has("--rescan")
        lock = parsed.has("--lock")
        unlock = parsed.has("--unlock")
        enable = parsed.value("--enable")
        profile = parsed.has("--profile")
        modeChanges = Self.modeChanges(parsed)
        context = parsed.context
    }

    package func validate() throws {
        if lock && unlock {
            throw UsageError("'viper plugins' takes --lock or --unlock, not both")
        }
        if profile, lock || unlock || enable != nil {
            throw UsageError("'viper plugins --profile' takes no --lock, --unlock or --enable; run them apart")
        }
        if !modeChanges.isEmpty, lock || unlock || enable != nil || profile {
            throw UsageError("'viper plugins --trust/--untrust/--isolate/--no-isolate' takes no --lock, --unlock, --enable or --profile; run them apart")
        }
        try Self.validateModeChanges(modeChanges)
    }

    package func run() -> Int32 {
        if let enable {
            let options = context.globals.runtimeOptions(environment: context.environment, executableDirectory: Paths.executableDirectory())
            return Self.enable(enable, data: options.dataFolder)
        }
        if !modeChanges.isEmpty {
            let options = context.globals.runtimeOptions(environment: context.environment, executableDirectory: Paths.executableDirectory())
            guard let said = Self.recordModeChanges(modeChanges, data: options.dataFolder) else { return 1 }
            // The lines go where the listing does not, when the listing is JSON.
            if json { said.forEach(ViperTool.printError) } else { print(said.joined(separator: "\n") + "\n") }
        }
        guard
            let runtime = RuntimeStart.start(
                context.globals, environment: context.environment, session: false,
                adjust: {
                    $0.rescan = rescan
                    $0.ignoreLock = lock
                })
        else { return 1 }
        if lock || unlock { return Self.lock(runtime, remove: unlock) }
        let found = Set(runtime.records.compactMap(\.name))
        for name in Set(modeChanges.map(\.name)).sorted() where !found.contains(name) {
            ViperTool.printError(
                "note: no plugin named '\(PrintableText.oneLine(name))' was found; the choice is kept in config.json for when one is (check the name in 'viper plugins')"
            )
        }
        if profile { return ProfileCommand.run(runtime, json: json) }
        print(json ? PluginReport.pluginsJSON(runtime) : PluginReport.pluginsText(runtime) + RuntimeStart.crashLines(runtime))
        return 0
    }
}
