import ViperCore

/// What a command line asks for, once checked against the declarations.
package enum CommandRequest {
    /// Run the command with what was parsed.
    case run(any ParsableCommand, ParsedCommand)
    /// Print help: viper's (nil) or one command's.
    case help(CommandConfiguration?)
    /// Print viper's version.
    case version
}

/// Parses `viper`'s command line against the declarations of every command: nothing here names a
/// command or one of its options. Global options (``GlobalOptions``) may come before or after a
/// command's words; a command's own options come after its words (or before them, when they are
/// its and the command follows: `viper --json -c ...`, `viper --json doctor`), and shadow a global
/// option of the same name (`viper sign --version V`). A command of several words
/// (`plugins install`) is chosen when its words follow one another.
package struct CommandParser {
    /// Every command, in the order `viper --help` lists them.
    package let commands: [any ParsableCommand.Type]
    /// The command a line without one runs (the shell).
    package let defaultCommand: any ParsableCommand.Type

    package init(commands: [any ParsableCommand.Type], defaultCommand: any ParsableCommand.Type) {
        self.commands = commands
        self.defaultCommand = defaultCommand
    }

    /// Parses `arguments` (without the program name); throws a ``UsageError`` of one line.
    package func parse(_ arguments: [String], environment: [String: String]) throws -> CommandRequest {
        var globals = GlobalOptions()
        var chosen: (any ParsableCommand.Type)?
        var justChosen = false
        var group: String?  // the first word of commands of several words (`index`), waiting for the next
        var positional: [String] = []
        var given: [(CommandOption, String?)] = []
        var early: [(word: String, value: String?)] = []  // options before the command's words
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            let flag = word.flag
            let follows = justChosen
            justChosen = false
            if let first = group {
                guard let found = commands.first(where: { $0.configuration.words == [first, flag] }) else { throw incomplete(first) }
                group = nil
                chosen = found
                justChosen = true
                continue
            }
            if let command = chosen, follows, let longer = extending(command, with: flag) {
                chosen = longer
                justChosen = true
                continue
            }
            if let option = chosen?.configuration.option(flag) {
                given.append((option, option.value == nil ? nil : try cursor.value(of: word)))
                continue
            }
            if let option = GlobalOptions.option(flag) {
                try globals.apply(option, value: option.value == nil ? nil : cursor.value(of: word))
                continue
            }
            if flag.hasPrefix("-") && flag != "-" && chosen?.configuration.argumentsMayStartWithADash != true {
                guard chosen == nil, let declared = owners(of: flag).first?.configuration.option(flag) else {
                    throw misplaced(flag, in: chosen)
                }
                early.append((flag, declared.value == nil ? nil : try cursor.value(of: word)))
                continue
            }
            if chosen == nil {
                if commands.contains(where: { $0.configuration.words.count > 1 && $0.configuration.words.first == flag }),
                    !commands.contains(where: { $0.configuration.words == [flag] })
                {
                    group = flag
                    continue
                }
                chosen = try command(named: flag)
                justChosen = true
                continue
            }
            positional.append(flag)
        }
        if let group { throw incomplete(group) }
        if globals.version { return .version }
        let command = chosen ?? defaultCommand
        let before = try early.map { flag, value in
            guard let option = command.configuration.option(flag) else { throw misplaced(flag, in: command) }
            return (option, value)
        }
        given = before + given
        if globals.help { return .help(chosen?.configuration) }
        var parsed = ParsedCommand(context: CommandContext(environment: environment, globals: globals), positional: positional)
        for (option, value) in given { parsed.record(option, value: value) }
        let made = try command.init(parsed)
        try made.validate()
        let configuration = command.configuration
        if positional.count > configuration.maximumArguments {
            let takes = configuration.maximumArguments == 0 ? "no arguments" : "at most \(configuration.maximumArguments) argument(s)"
            throw UsageError(
                "'viper \(configuration.name)' takes \(takes), got '\(positional.joined(separator: " "))'; see 'viper \(configuration.name) --help'")
        }
        return .run(made, parsed)
    }

    /// The command named by `words` exactly (`["plugins", "install"]`), for `viper help WORDS`.
    package func command(words: [String]) -> (any ParsableCommand.Type)? {
        commands.first { $0.configuration.words == words }
    }

    /// The command `word` starts; throws naming the commands there are.
    private func command(named word: String) throws -> any ParsableCommand.Type {
        if let found = commands.first(where: { $0.configuration.words == [word] }) { return found }
        let names = commands.compactMap { $0.configuration.words.first }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if let near = Suggestion.nearest(to: word, in: names) {
            throw UsageError("unknown command '\(word)'; did you mean '\(near)'? see 'viper --help'")
        }
        throw UsageError("unknown command '\(word)'; the commands are \(names.joined(separator: ", ")); see 'viper --help'")
    }

    /// The error for `viper WORD` where WORD only starts commands (`index`): it names them.
    private func incomplete(_ first: String) -> UsageError {
        let names = commands.filter { $0.configuration.words.first == first }.map { "'viper \($0.configuration.name)'" }
        return UsageError("'viper \(first)' needs more words: \(names.joined(separator: ", ")); see 'viper --help'")
    }

    /// The command whose words are `command`'s and then `word` (`plugins` then `install`).
    private func extending(_ command: any ParsableCommand.Type, with word: String) -> (any ParsableCommand.Type)? {
        let words = command.configuration.words + [word]
        return commands.first { $0.configuration.words == words }
    }

    /// The commands that declare option `flag`, in registry order.
    private func owners(of flag: String) -> [any ParsableCommand.Type] {
        commands.filter { $0.configuration.option(flag) != nil }
    }

    /// The error for `flag`, which `command` (nil: no command yet) does not take: it belongs to
    /// other commands (named), or to none (then what is near, or what `command` takes, is named).
    private func misplaced(_ flag: String, in command: (any ParsableCommand.Type)?) -> UsageError {
        let owners = owners(of: flag)
        if !owners.isEmpty {
            let named = owners.map { owner in
                ObjectIdentifier(owner) == ObjectIdentifier(defaultCommand) ? "the shell ('viper \(flag) -c ...')" : "'viper \(owner.configuration.name)'"
            }
            let list = named.count <= 2 ? named.joined(separator: " and ") : named.dropLast().joined(separator: ", ") + " or " + (named.last ?? "")
            return UsageError("option '\(flag)' belongs to \(list)")
        }
        let own = (command ?? defaultCommand).configuration.options.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let scope = command.map { "'viper \($0.configuration.name)'" } ?? "viper"
        let help = command.map { "viper \($0.configuration.name) --help" } ?? "viper --help"
        let known = GlobalOptions.declarations.flatMap(\.names) + own
        if let near = Suggestion.nearest(to: flag, in: known) {
            return UsageError("unknown option '\(flag)' for \(scope); did you mean '\(near)'? see '\(help)'")
        }
        let globals = GlobalOptions.declarations.map { $0.names.joined(separator: "/") }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let takes =
            command == nil
            ? "the options are \((own + globals).joined(separator: ", "))"
            : own.isEmpty ? "it takes the global options only" : "it takes \(own.joined(separator: ", ")) and the global options"
        return UsageError("unknown option '\(flag)' for \(scope); \(takes); see '\(help)'")
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
