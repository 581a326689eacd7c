/// A `viper` subcommand as one type, in swift-argument-parser's shape: it declares its words,
/// help, arguments and options (``configuration``), reads what the parser found from those
/// declarations and checks it (`init` and ``validate()``, throwing a ``UsageError`` that says what
/// is wrong on one line), and runs. Help is made from the declarations (``HelpText``), and the
/// registry of every command (`ViperCommands`) is the one list the parser and help read.
package protocol ParsableCommand {
    static var configuration: CommandConfiguration { get }
    /// Reads the command line the parser checked against ``configuration``.
    init(_ parsed: ParsedCommand) throws
    /// Checks what the declarations cannot say (options that go together, a value's form).
    func validate() throws
    /// Runs it; returns the exit code.
    func run() -> Int32
}

extension ParsableCommand {
    package func validate() throws {}
}

/// A command line checked against one command's declarations: its positional arguments, the
/// values and switches of its own options (by each option's first name), and what every command
/// is given (the environment and the global options).
package struct ParsedCommand {
    package var positional: [String] = []
    package let context: CommandContext
    private var values: [String: [String]] = [:]

    package init(context: CommandContext, positional: [String] = [], values: [String: [String]] = [:]) {
        self.context = context
        self.positional = positional
        self.values = values
    }

    /// Records `option` as given, with `value` when it takes one.
    mutating func record(_ option: CommandOption, value: String?) {
        values[option.name, default: []].append(value ?? "")
    }

    /// The value of option `name` (the last one given), or nil.
    package func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeatable option, in order.
    package func values(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether option `name` was given.
    package func has(_ name: String) -> Bool { values[name] != nil }

    package var globals: GlobalOptions { context.globals }
    package var environment: [String: String] { context.environment }
}

extension ParsableCommand {
    /// This command made from `arguments` (the words after its own), parsed and validated as
    /// `viper WORDS ARGUMENTS` would be; for callers that run one command in process (the benchmarks).
    package static func parse(_ arguments: [String], environment: [String: String]) throws -> Self {
        let parser = CommandParser(commands: [Self.self], defaultCommand: Self.self)
        guard case .run(let command as Self, _) = try parser.parse(configuration.words + arguments, environment: environment) else {
            throw UsageError("'viper \(configuration.name)' was asked for help or the version, not run")
        }
        return command
    }
}
