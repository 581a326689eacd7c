import ViperCommandLine
import ViperCore

/// `viper help [COMMAND...]`: viper's help, or one command's (`viper help plugins install`), as
/// `viper --help` and `viper COMMAND --help` print them.
package struct HelpCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        words: ["help"], abstract: "Show help for viper or for one command", arguments: "[COMMAND]",
        maximumArguments: Int.max, argumentsMayStartWithADash: true)

    let topic: [String]

    package init(_ parsed: ParsedCommand) throws {
        topic = parsed.positional
    }

    package func validate() throws {
        guard !topic.isEmpty, ViperCommands.parser.command(words: topic) == nil else { return }
        let asked = topic.joined(separator: " ")
        let near = Suggestion.nearest(to: asked, in: ViperCommands.all.map { $0.configuration.name }).map { "did you mean '\($0)'? " } ?? ""
        throw UsageError("no help for '\(asked)': not a command; \(near)see 'viper --help'")
    }

    /// The command help is asked about; nil: viper itself.
    package var subject: CommandConfiguration? {
        topic.isEmpty ? nil : ViperCommands.parser.command(words: topic)?.configuration
    }

    package func run() -> Int32 {
        print(Self.text(for: subject))
        return 0
    }

    /// viper's help (nil) or one command's.
    package static func text(for configuration: CommandConfiguration?) -> String {
        configuration.map(HelpText.command) ?? HelpText.general(ViperCommands.all.map { $0.configuration })
    }
}
