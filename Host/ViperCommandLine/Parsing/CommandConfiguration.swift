/// What a command declares about itself: the words that name it, its abstract and discussion, its
/// arguments and its options. The parser, help and the errors of a wrong command line are all made
/// from it (``CommandParser``, ``HelpText``).
package struct CommandConfiguration: Sendable {
    /// Where `viper --help` lists a command.
    package enum Section: Sendable {
        /// The commands that take the global options (their usage starts `viper [OPTIONS]`).
        case main
        /// Signing, keys, the index and getting plugins: they run without the plugin runtime, so
        /// of the global options only `--data` means something to them.
        case supply
    }

    /// The words that name it: `["doctor"]`, `["plugins", "install"]`, `["plugins", "--revoke-key"]`.
    package let words: [String]
    /// One line: `viper --help` lists it, and it heads the command's help.
    package let abstract: String
    /// The paragraphs of its help, between the usage line and the options.
    package let discussion: String
    /// Its positional arguments as usage shows them (`[PLUGIN...]`, `FILE`).
    package let arguments: String
    /// How many positional arguments it takes at most (`Int.max`: any number).
    package let maximumArguments: Int
    package let options: [CommandOption]
    package let section: Section
    /// Whether a word after its own that starts with `-` and is no global option is an argument,
    /// not an unknown option (`viper help plugins --revoke-key`: the words name a command).
    package let argumentsMayStartWithADash: Bool

    package init(
        words: [String], abstract: String, discussion: String = "", arguments: String = "", maximumArguments: Int = 0,
        options: [CommandOption] = [], section: Section = .main, argumentsMayStartWithADash: Bool = false
    ) {
        self.argumentsMayStartWithADash = argumentsMayStartWithADash
        self.words = words
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.maximumArguments = maximumArguments
        self.options = options
        self.section = section
    }

    /// Its words as one name: `plugins install`.
    package var name: String { words.joined(separator: " ") }

    /// The usage line: `viper [OPTIONS] doctor [--json] [--bisect] [--expect]`, or for a supply
    /// command every option with its value (`viper sign FILE --key SECRET_KEY [--name NAME]`).
    package var usage: String {
        var parts = section == .main ? ["viper", "[OPTIONS]", name] : ["viper", name]
        if !arguments.isEmpty { parts.append(arguments) }
        for option in options {
            let spelled = section == .main ? option.name : option.name + (option.value.map { " " + $0 } ?? "")
            parts.append((option.required ? spelled : "[\(spelled)]") + (option.repeatable && section == .supply ? "..." : ""))
        }
        return parts.joined(separator: " ")
    }

    /// The option `word` names, if it declares one.
    package func option(_ word: String) -> CommandOption? { options.first { $0.named(word) } }
}
