import Contracts
import ViperRuntime

/// A wrong command line: printed with a hint, exit code 64 (EX_USAGE).
package struct UsageError: Error, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// The parsed command line of `viper`.
package struct CommandLineOptions {
    /// The subcommand; nil opens the shell.
    package var command: String?
    /// Words after the subcommand that are not options.
    package var arguments: [String] = []
    package var pluginFlags: [String] = []
    package var dataFlag: String?
    package var preferences: [String: String] = [:]
    /// `-c "cmd; cmd"`.
    package var script: String?
    package var json = false
    /// `viper plugins --rescan`: scan every plugin again, ignoring the cache.
    package var rescan = false
    /// `viper plugins --lock`: pin the plugins in use in plugins.lock.
    package var lock = false
    /// `viper plugins --unlock`: remove plugins.lock.
    package var unlock = false
    /// `--allow-insecure-plugins`: skip the owner and permission checks on plugin files.
    package var allowInsecurePlugins = false
    /// `viper new --dir DIR`.
    package var directory: String?
    /// `viper new --in-tree`.
    package var inTree = false
    /// `viper new --contract-library`.
    package var contractLibrary = false
    /// `viper new module NAME --in PATH`: the plugin package to add the module to.
    package var into: String?
    /// `viper new --list`: show the templates.
    package var listTemplates = false
    /// `viper graph --format`: text, dot, json, svg or png.
    package var format: String?
    /// `viper graph --output FILE`.
    package var output: String?
    /// `viper install --prefix DIR` and `viper uninstall --prefix DIR`.
    package var prefix: String?
    package var help = false
    package var version = false
    package var noColor = false
    package var verbose = false

    /// Parses `arguments` (without the program name). Global options may come
    /// before or after the subcommand; a subcommand's own options only after it.
    package static func parse(_ arguments: [String]) throws -> CommandLineOptions {
        var options = CommandLineOptions()
        var index = 0
        func value(for flag: String) throws -> String {
            index += 1
            guard index < arguments.count else {
                throw UsageError("option '\(flag)' needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func take(_ flag: String) throws -> String {
                if let inlineValue { return inlineValue }
                return try value(for: flag)
            }
            switch argument {
            case "--plugins":
                options.pluginFlags.append(try take(argument))
            case "--data":
                options.dataFlag = try take(argument)
            case "--prefer":
                let choice = try take(argument)
                let parts = choice.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw UsageError("--prefer takes CONTRACT=PLUGIN or ROUTE=PLUGIN, e.g. --prefer Contracts.NoteEditing=markdown-editor or --prefer notes=my-notes; got '\(choice)'")
                }
                options.preferences[parts[0]] = parts[1]
            case "-c", "--command":
                options.script = try take(argument)
            case "-h", "--help":
                options.help = true
            case "--version":
                options.version = true
            case "--no-color":
                options.noColor = true
            case "-v", "--verbose":
                options.verbose = true
            case "--json":
                guard let command = options.command, CommandInfo.find(command)?.options.contains(where: { $0.flag == "--json" }) == true else {
                    throw UsageError("option '--json' belongs to 'viper plugins', 'viper doctor' or 'viper check'")
                }
                options.json = true
            case "--dir", "--in-tree", "--contract-library", "--in", "--list":
                guard options.command == "new" else {
                    throw UsageError("option '\(argument)' belongs to 'viper new'")
                }
                switch argument {
                case "--dir": options.directory = try take(argument)
                case "--in-tree": options.inTree = true
                case "--in": options.into = try take(argument)
                case "--list": options.listTemplates = true
                default: options.contractLibrary = true
                }
            case "--rescan", "--lock", "--unlock":
                guard options.command == "plugins" else {
                    throw UsageError("option '\(argument)' belongs to 'viper plugins'")
                }
                switch argument {
                case "--rescan": options.rescan = true
                case "--lock": options.lock = true
                default: options.unlock = true
                }
                if options.lock && options.unlock {
                    throw UsageError("'viper plugins' takes --lock or --unlock, not both")
                }
            case "--format", "--output":
                guard options.command == "graph" else {
                    throw UsageError("option '\(argument)' belongs to 'viper graph'")
                }
                let value = try take(argument)
                if argument == "--output" {
                    options.output = value
                } else {
                    guard GraphCommand.formats.contains(value) else {
                        throw UsageError("--format takes \(GraphCommand.formats.joined(separator: ", ")); got '\(value)'")
                    }
                    options.format = value
                }
            case "--prefix":
                guard options.command == "install" || options.command == "uninstall" else {
                    throw UsageError("option '--prefix' belongs to 'viper install' and 'viper uninstall'")
                }
                options.prefix = try take(argument)
            case "--allow-insecure-plugins":
                options.allowInsecurePlugins = true
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    let scope = options.command.map { "'viper \($0)'" } ?? "viper"
                    let known = (CommandInfo.globalOptions + (options.command.flatMap(CommandInfo.find)?.options ?? [])).map(\.flag)
                    let hint = Suggestion.nearest(to: argument, in: known).map { "did you mean '\($0)'? " } ?? ""
                    throw UsageError("unknown option '\(argument)' for \(scope); \(hint)see '\(options.command.map { "viper \($0) --help" } ?? "viper --help")'")
                }
                if options.command == nil {
                    guard CommandInfo.find(argument) != nil else {
                        let hint = Suggestion.nearest(to: argument, in: CommandInfo.all.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
                        throw UsageError("unknown command '\(argument)'; \(hint)see 'viper --help'")
                    }
                    options.command = argument
                } else {
                    options.arguments.append(argument)
                }
            }
            index += 1
        }
        if let command = options.command, let info = CommandInfo.find(command), options.arguments.count > info.maximumArguments {
            throw UsageError("'viper \(command)' takes \(info.maximumArguments == 0 ? "no arguments" : "at most \(info.maximumArguments) argument(s)"), got '\(options.arguments.joined(separator: " "))'; see 'viper \(command) --help'")
        }
        return options
    }

    /// The runtime options these flags select.
    package func runtimeOptions(environment: [String: String], executableDirectory: String) -> RuntimeOptions {
        var runtime = RuntimeOptions(environment: environment, executableDirectory: executableDirectory)
        runtime.pluginFlags = pluginFlags
        runtime.dataFlag = dataFlag
        runtime.preferences = preferences
        runtime.echoLevel = verbose ? .info : .error
        runtime.rescan = rescan
        runtime.allowInsecurePlugins = allowInsecurePlugins
        runtime.ignoreLock = lock
        return runtime
    }
}
