import Contracts
import ViperCore
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
    /// `--allow-intercept NAME`, repeatable.
    package var allowIntercept: [String] = []
    package var isolate: [String] = []
    package var allowNetwork: [String] = []
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
    /// `viper new --route PATH`: the route of the new module (default: the name in lower case).
    package var route: String?
    /// `viper new --blank` (the default: a module with nothing to delete) or `--example` (the demo list).
    package var blank = false, example = false
    /// `viper new --contract LIBRARY.PROTOCOL`: implement a library's protocol; `--routes-to CONTRACT`: route to one, typed.
    package var contract: String?, routesTo: String?
    /// `viper new module ... --library-path DIR`: the contract library's package folder.
    package var libraryPath: String?
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
    /// `--yes`: a scripted session drops unsaved work when a command would lose it,
    /// instead of refusing the command (it never asks: nobody is there to answer).
    package var dropUnsaved = false
    /// `-e` (`--errexit`): a scripted session stops at the first command that fails, as
    /// `sh -e` does, so a failed `due` never lets the `save` after it run.
    package var stopOnFailure = false
    /// `--plain`: a scripted session prints what its commands say, not a screen per command.
    package var plain = false
    /// `--watch` / `--no-watch`: watch the plugin folders while the shell runs; nil: the
    /// session's default (an interactive shell and `viper dev` watch, `-c` and piped input do not).
    package var watch: Bool?
    /// `viper dev --open ROUTE`: the route opened at start and after each reload.
    package var openRoute: String?
    /// `viper check --suites PATH`: suite libraries (``ExportedSuites``) run beside those found.
    package var suites: [String] = []
    /// `--command-timeout SECONDS`: in a supervised session, a command whose plugin code runs
    /// longer is stopped as a hang; nil: never.
    package var commandTimeout: Double?
    /// `viper plugins --enable NAME`: forget the crashes of plugin NAME, so it loads again.
    package var enable: String?
    /// `viper plugins --profile`: what each plugin cost this start (``ProfileCommand``).
    package var profile = false
    /// `viper doctor --bisect SCRIPT [--expect TEXT]` (``BisectOptions``).
    package var bisect: BisectOptions?

    /// Parses `arguments` (without the program name). Global options may come
    /// before or after the subcommand; a subcommand's own options only after it.
    package static func parse(_ arguments: [String]) throws -> CommandLineOptions {
        var options = CommandLineOptions()
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            if try options.applyGlobal(word, &cursor) || options.applyCommandOption(word, &cursor) {
                continue
            }
            try options.applyWord(word.flag)
        }
        try options.checkArgumentCount()
        try options.bisect?.validate()
        if options.profile, options.lock || options.unlock || options.enable != nil {
            throw UsageError("'viper plugins --profile' takes no --lock, --unlock or --enable; run them apart")
        }
        return options
    }

    /// Options every command takes; false when `word` is not one of them.
    private mutating func applyGlobal(_ word: ArgumentCursor.Word, _ cursor: inout ArgumentCursor) throws -> Bool {
        switch word.flag {
        case "--plugins": pluginFlags.append(try cursor.value(of: word))
        case "--data": dataFlag = try cursor.value(of: word)
        case "--prefer":
            let choice = try cursor.value(of: word)
            let parts = choice.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError(
                    "--prefer takes CONTRACT=PLUGIN or ROUTE=PLUGIN, e.g. --prefer Contracts.NoteEditing=markdown-editor or --prefer notes=my-notes; got '\(choice)'"
                )
            }
            preferences[parts[0]] = parts[1]
        case "-c", "--command": script = try cursor.value(of: word)
        case "-h", "--help": help = true
        case "--version": version = true
        case "--no-color": noColor = true
        case "-y", "--yes": dropUnsaved = true
        case "-e", "--errexit": stopOnFailure = true
        case "--plain": plain = true
        case "-v", "--verbose": verbose = true
        case "--allow-insecure-plugins": allowInsecurePlugins = true
        case "--allow-intercept": allowIntercept.append(try cursor.value(of: word))
        case "--isolate": isolate.append(try cursor.value(of: word))
        case "--allow-network": allowNetwork.append(try cursor.value(of: word))
        case "--watch": watch = true
        case "--no-watch": watch = false
        case "--command-timeout":
            let value = try cursor.value(of: word)
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                throw UsageError("--command-timeout takes a number of seconds above 0, e.g. --command-timeout 30; got '\(value)'")
            }
            commandTimeout = seconds
        default: return false
        }
        return true
    }

    /// Options that belong to one command, refused after any other; false when `word` is none of them.
    private mutating func applyCommandOption(_ word: ArgumentCursor.Word, _ cursor: inout ArgumentCursor) throws -> Bool {
        switch word.flag {
        case "--json":
            // Without a command it is the shell's: plain output, and lists drawn as JSON.
            guard command == nil || command == "shell" || CommandInfo.find(command ?? "")?.options.contains(where: { $0.flag == "--json" }) == true else {
                throw UsageError("option '--json' belongs to the shell ('viper --json -c ...'), 'viper plugins', 'viper doctor' or 'viper check'")
            }
            json = true
        case "--dir", "--in-tree", "--contract-library", "--in", "--list", "--route", "--blank", "--contract", "--library-path", "--example", "--routes-to":
            try requireCommand(["new"], for: word.flag, "'viper new'")
            switch word.flag {
            case "--dir": directory = try cursor.value(of: word)
            case "--in-tree": inTree = true
            case "--in": into = try cursor.value(of: word)
            case "--list": listTemplates = true
            case "--route": route = try cursor.value(of: word)
            case "--blank": blank = true
            case "--contract": contract = try cursor.value(of: word)
            case "--library-path": libraryPath = try cursor.value(of: word)
            case "--example": example = true
            case "--routes-to": routesTo = try cursor.value(of: word)
            default: contractLibrary = true
            }
        case "--rescan", "--lock", "--unlock":
            try requireCommand(["plugins"], for: word.flag, "'viper plugins'")
            switch word.flag {
            case "--rescan": rescan = true
            case "--lock": lock = true
            default: unlock = true
            }
            if lock && unlock {
                throw UsageError("'viper plugins' takes --lock or --unlock, not both")
            }
        case "--format", "--output":
            try requireCommand(["graph"], for: word.flag, "'viper graph'")
            try applyGraphOption(word, value: cursor.value(of: word))
        case "--prefix":
            try requireCommand(["install", "uninstall"], for: word.flag, "'viper install' and 'viper uninstall'")
            prefix = try cursor.value(of: word)
        case "--enable":
            try requireCommand(["plugins"], for: word.flag, "'viper plugins'")
            enable = try cursor.value(of: word)
        case "--open":
            try requireCommand(["dev"], for: word.flag, "'viper dev'")
            openRoute = try cursor.value(of: word)
        case "--suites":
            try requireCommand(["check"], for: word.flag, "'viper check'")
            suites.append(try cursor.value(of: word))
        case "--profile":
            try requireCommand(["plugins"], for: word.flag, "'viper plugins'")
            profile = true
        case _ where BisectOptions.flags.contains(word.flag):
            try requireCommand(["doctor"], for: word.flag, "'viper doctor'")
            var parsed = bisect ?? BisectOptions()
            try parsed.apply(word.flag, value: cursor.value(of: word))
            bisect = parsed
        default: return false
        }
        return true
    }

    private func requireCommand(_ commands: Set<String>, for flag: String, _ owners: String) throws {
        guard let command, commands.contains(command) else {
            throw UsageError("option '\(flag)' belongs to \(owners)")
        }
    }

    private mutating func applyGraphOption(_ word: ArgumentCursor.Word, value: String) throws {
        if word.flag == "--output" {
            output = value
            return
        }
        guard GraphCommand.formats.contains(value) else {
            throw UsageError("--format takes \(GraphCommand.formats.joined(separator: ", ")); got '\(value)'")
        }
        format = value
    }

    /// A word that is not a known option: an unknown option, the command, or one of its arguments.
    private mutating func applyWord(_ word: String) throws {
        if word.hasPrefix("-") && word != "-" {
            let scope = command.map { "'viper \($0)'" } ?? "viper"
            let known = (CommandInfo.globalOptions + (command.flatMap(CommandInfo.find)?.options ?? [])).map(\.flag)
            let hint = Suggestion.nearest(to: word, in: known).map { "did you mean '\($0)'? " } ?? ""
            throw UsageError("unknown option '\(word)' for \(scope); \(hint)see '\(command.map { "viper \($0) --help" } ?? "viper --help")'")
        }
        guard command == nil else {
            arguments.append(word)
            return
        }
        guard CommandInfo.find(word) != nil else {
            let hint = Suggestion.nearest(to: word, in: CommandInfo.all.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
            throw UsageError("unknown command '\(word)'; \(hint)see 'viper --help'")
        }
        command = word
    }

    private func checkArgumentCount() throws {
        guard let command, let info = CommandInfo.find(command), arguments.count > info.maximumArguments else { return }
        throw UsageError(
            "'viper \(command)' takes \(info.maximumArguments == 0 ? "no arguments" : "at most \(info.maximumArguments) argument(s)"), got '\(arguments.joined(separator: " "))'; see 'viper \(command) --help'"
        )
    }
}

/// The words of a command line, one at a time; `--flag=value` arrives as the flag with its value.
private struct ArgumentCursor {
    struct Word {
        let flag: String
        let inlineValue: String?
    }

    private let arguments: [String]
    private var index = 0

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    mutating func next() -> Word? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return Word(flag: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
        }
        return Word(flag: argument, inlineValue: nil)
    }

    /// The value of `word`'s option: after its `=`, or the next word.
    mutating func value(of word: Word) throws -> String {
        if let inlineValue = word.inlineValue { return inlineValue }
        guard index < arguments.count else {
            throw UsageError("option '\(word.flag)' needs a value")
        }
        defer { index += 1 }
        return arguments[index]
    }
}
