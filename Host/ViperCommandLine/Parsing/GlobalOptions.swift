import ViperLoading
import ViperRuntime

/// The options every command takes, before or after its words: where plugins and data are, provider
/// choices, and how a shell session runs. Declared once (``declarations``); the parser applies them.
package struct GlobalOptions {
    package var pluginFlags: [String] = []
    /// Folders whose contract libraries a session loads before any other copy (`viper dev`'s
    /// workspace libraries); set by a command, not a flag.
    package var preferredLibraryFolders: [String] = []
    package var dataFlag: String?
    package var preferences: [String: String] = [:]
    /// `-c "cmd; cmd"`.
    package var script: String?
    package var help = false
    package var version = false
    package var noColor = false
    package var verbose = false
    /// `--yes`: a scripted session drops unsaved work when a command would lose it, instead of
    /// refusing the command (it never asks: nobody is there to answer).
    package var dropUnsaved = false
    /// `-e`: a scripted session stops at the first command that fails, as `sh -e` does, so a
    /// failed `due` never lets the `save` after it run.
    package var stopOnFailure = false
    /// `--plain`: a scripted session prints what its commands say, not a screen per command.
    package var plain = false
    /// `--watch` / `--no-watch`: watch the plugin folders while the shell runs; nil: the session's
    /// default (an interactive shell and `viper dev` watch, `-c` and piped input do not).
    package var watch: Bool?
    /// `--command-timeout SECONDS`: in a supervised session, a command whose plugin code runs
    /// longer is stopped as a hang; nil: never.
    package var commandTimeout: Double?
    /// `--allow-insecure-plugins`: skip the owner and permission checks on plugin files.
    package var allowInsecurePlugins = false
    /// `--allow-intercept NAME`, repeatable.
    package var allowIntercept: [String] = []
    /// `--isolate NAME`, repeatable: run plugin NAME in a boxed process of its own.
    package var isolate: [String] = []
    /// `--allow-network NAME`, repeatable: let isolated plugin NAME use the network.
    package var allowNetwork: [String] = []

    package init() {}

    package static let declarations: [CommandOption] = [
        CommandOption(
            "--plugins", value: "DIR", repeatable: true, help: "Search DIR (or load one .so) before the other plugin folders; repeatable"),
        CommandOption("--data", value: "DIR", help: "Keep data in DIR (default: $VIPER_DATA_DIR, else $XDG_DATA_HOME/viper)"),
        CommandOption(
            "--prefer", value: "CONTRACT=PLUGIN", repeatable: true,
            help: "Choose the provider of a contract that several plugins provide; repeatable"),
        CommandOption(
            "--prefer", value: "ROUTE=PLUGIN", repeatable: true,
            help: "Choose which plugin keeps a route that several declare (a bundled one keeps it otherwise)"),
        CommandOption("-c", "--command", value: "COMMANDS", help: "Run shell commands separated by ';' and exit (non-zero if one failed)"),
        CommandOption("-e", "--errexit", help: "In -c or piped commands, stop at the first command that fails, as sh -e does (exit 1)"),
        CommandOption("--plain", help: "In -c or piped commands, print what commands say, not a screen each (for other tools)"),
        CommandOption(
            "-y", "--yes", help: "In -c or piped commands, drop unsaved work when 'back', 'close', ... would lose it (else refused)"),
        CommandOption("--watch", help: "Watch the plugin folders in -c or piped sessions too, reloading plugins that change"),
        CommandOption("--no-watch", help: "Do not watch the plugin folders (an interactive shell and 'viper dev' do by default)"),
        CommandOption(
            "--command-timeout", value: "SECS", help: "In -c or piped commands, stop a command still running after SECS seconds as a hang"),
        CommandOption("--no-color", help: "Never colour the output (so does NO_COLOR)"),
        CommandOption(
            "--allow-insecure-plugins", help: "Load plugins that others own or can write (development only; warns on every start)"),
        CommandOption(
            "--allow-intercept", value: "NAME", repeatable: true, help: "Let plugin NAME intercept routes it does not serve itself; repeatable"),
        CommandOption(
            "--isolate", value: "NAME", repeatable: true, help: "Run plugin NAME in a boxed process of its own for this run (modules only); repeatable"),
        CommandOption(
            "--allow-network", value: "NAME", repeatable: true,
            help: "Let isolated plugin NAME use the network (its box refuses it otherwise); repeatable"),
        CommandOption("-v", "--verbose", help: "Echo log messages to standard error"),
        CommandOption("--version", help: "Print viper's version and its Contracts ABI"),
        CommandOption("-h", "--help", help: "Show help (also: viper COMMAND --help)"),
    ]

    /// The declared global option `word` names, if any.
    static func option(_ word: String) -> CommandOption? { declarations.first { $0.named(word) } }

    /// Applies `option` (one of ``declarations``) with its value; throws when the value is wrong.
    mutating func apply(_ option: CommandOption, value: String?) throws {
        let value = value ?? ""
        switch option.name {
        case "--plugins": pluginFlags.append(value)
        case "--data": dataFlag = value
        case "--prefer":
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError(
                    "--prefer takes CONTRACT=PLUGIN or ROUTE=PLUGIN, e.g. --prefer Contracts.NoteEditing=markdown-editor or --prefer notes=my-notes; got '\(value)'"
                )
            }
            preferences[parts[0]] = parts[1]
        case "-c": script = value
        case "-e": stopOnFailure = true
        case "--plain": plain = true
        case "-y": dropUnsaved = true
        case "--watch": watch = true
        case "--no-watch": watch = false
        case "--command-timeout":
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                throw UsageError("--command-timeout takes a number of seconds above 0, e.g. --command-timeout 30; got '\(value)'")
            }
            commandTimeout = seconds
        case "--no-color": noColor = true
        case "--allow-insecure-plugins": allowInsecurePlugins = true
        case "--allow-intercept": allowIntercept.append(value)
        case "--isolate": isolate.append(value)
        case "--allow-network": allowNetwork.append(value)
        case "-v": verbose = true
        case "--version": version = true
        default: help = true
        }
    }

    /// The runtime options these flags select.
    package func runtimeOptions(environment: [String: String], executableDirectory: String) -> RuntimeOptions {
        var runtime = RuntimeOptions(environment: environment, executableDirectory: executableDirectory)
        runtime.pluginFlags = pluginFlags
        runtime.preferredLibraryFolders = preferredLibraryFolders.map { PluginFolder(path: $0, origin: .flag) }
        runtime.dataFlag = dataFlag
        runtime.preferences = preferences
        runtime.echoLevel = verbose ? .info : .error
        runtime.allowInsecurePlugins = allowInsecurePlugins
        runtime.allowIntercept = allowIntercept
        runtime.isolate = isolate
        runtime.allowNetwork = allowNetwork
        return runtime
    }
}
