import Foundation
import Testing
import ViperCommandLine
import ViperCommands
import ViperTestSupport

/// Every command of the registry, read from its declarations in process: its help is made from
/// them and names each of its options, the parser accepts each of them, and a wrong option or
/// command is refused on one line that says what there is.
@Suite struct CommandDeclarationTests {
    static let configurations = ViperCommands.all.map { $0.configuration }

    /// The message of the usage error `arguments` give, or nil when they parse.
    static func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try ViperCommands.parser.parse(arguments, environment: [:])
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: configurations.map(\.words))
    func everyDeclaredOptionAppearsInItsCommandsHelp(_ words: [String]) throws {
        let configuration = try #require(ViperCommands.parser.command(words: words)?.configuration)
        let help = HelpCommand.text(for: configuration)
        #expect(help.hasPrefix("viper \(configuration.name): \(configuration.abstract)\n\nUsage: \(configuration.usage)"))
        for option in configuration.options {
            #expect(help.contains("\n  \(option.label)  "), "'viper \(configuration.name) --help' does not list \(option.label)")
            #expect(help.contains(option.help), "'viper \(configuration.name) --help' lacks the help of \(option.name)")
            #expect(configuration.usage.contains(option.name), "the usage line of '\(configuration.name)' lacks \(option.name)")
        }
        if configuration.section == .main {
            for option in GlobalOptions.declarations {
                #expect(help.contains("\n  \(option.label)  "), "'viper \(configuration.name) --help' does not list the global \(option.label)")
            }
        }
        if !configuration.discussion.isEmpty {
            #expect(help.contains(configuration.discussion))
        }
    }

    @Test func viperHelpListsEveryCommandOnceFromTheRegistry() {
        let help = HelpCommand.text(for: nil)
        for configuration in Self.configurations {
            let lines = help.split(separator: "\n").filter { $0.hasPrefix("  \(configuration.name) ") && $0.hasSuffix(configuration.abstract) }
            #expect(lines.count == 1, "'viper --help' lists '\(configuration.name)' \(lines.count) times")
        }
        for option in GlobalOptions.declarations {
            #expect(help.contains("\n  \(option.label)  "), "'viper --help' does not list \(option.label)")
        }
    }

    @Test func everyCommandTypeInTheHostIsInTheRegistry() throws {
        let host = BuildProducts.repository + "/Host"
        let pattern = try NSRegularExpression(pattern: #"(?:struct|extension)\s+(\w+)\s*:\s*ParsableCommand\b"#)
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(atPath: host)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOfFile: host + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let name = Range(match.range(at: 1), in: text) { declared.insert(String(text[name])) }
            }
        }
        let registered = Set(ViperCommands.all.map { String(describing: $0) })
        #expect(declared.count > 20, "the search found the commands: \(declared.sorted())")
        #expect(declared == registered, "declared, not registered: \(declared.subtracting(registered).sorted()); registered, not found: \(registered.subtracting(declared).sorted())")
    }

    @Test func noTwoCommandsShareTheirWordsOrAnOptionName() {
        let names = Self.configurations.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        for configuration in Self.configurations {
            let options = configuration.options.flatMap(\.names)
            #expect(Set(options).count == options.count, "'\(configuration.name)' declares an option twice: \(options)")
        }
    }

    @Test(arguments: configurations.map(\.words))
    func helpOfEachCommandIsWhatItsWordsAndHelpAskFor(_ words: [String]) throws {
        for asked in [words + ["--help"], ["help"] + words, ["--help"] + words] {
            let request = try ViperCommands.parser.parse(asked, environment: [:])
            switch request {
            case .help(let configuration?): #expect(configuration.words == words, "\(asked)")
            case .run(let command as HelpCommand, _): #expect(command.subject?.words == words, "\(asked)")
            default: Issue.record("\(asked) asked for \(request)")
            }
        }
    }

    @Test(arguments: configurations.map(\.words))
    func eachDeclaredOptionIsAcceptedByTheParser(_ words: [String]) throws {
        let configuration = try #require(ViperCommands.parser.command(words: words)?.configuration)
        for option in configuration.options {
            for name in option.names {
                let given = words + [name] + (option.value.map { _ in ["value"] } ?? [])
                let error = Self.usageError(given) ?? ""
                #expect(!error.contains("unknown option") && !error.contains("belongs to"), "\(given): \(error)")
            }
        }
    }

    @Test(arguments: configurations.map(\.words))
    func anUnknownOptionNamesTheOptionsTheCommandTakes(_ words: [String]) throws {
        let configuration = try #require(ViperCommands.parser.command(words: words)?.configuration)
        let error = try #require(Self.usageError(words + ["--zqxj"]))
        if configuration.argumentsMayStartWithADash {  // `viper help --zqxj`: the word names no command
            #expect(error == "no help for '--zqxj': not a command; see 'viper --help'")
            return
        }
        #expect(error.hasPrefix("unknown option '--zqxj' for 'viper \(configuration.name)'; "), "\(error)")
        #expect(error.hasSuffix("see 'viper \(configuration.name) --help'"), "\(error)")
        #expect(!error.contains("\n"))
        for option in configuration.options {
            #expect(error.contains(option.name), "\(error) does not name \(option.name)")
        }
        if configuration.options.isEmpty {
            #expect(error.contains("it takes the global options only"), "\(error)")
        }
    }

    @Test func aNearMissIsSuggestedForAnOptionAndForACommand() {
        #expect(Self.usageError(["plugins", "--unlok"]) == "unknown option '--unlok' for 'viper plugins'; did you mean '--unlock'? see 'viper plugins --help'")
        #expect(Self.usageError(["graph", "--formt", "dot"]) == "unknown option '--formt' for 'viper graph'; did you mean '--format'? see 'viper graph --help'")
        #expect(Self.usageError(["plugins", "instal", "x"]) == "'viper plugins' takes no arguments, got 'instal x'; see 'viper plugins --help'")
        #expect(Self.usageError(["doctr"]) == "unknown command 'doctr'; did you mean 'doctor'? see 'viper --help'")
        #expect(Self.usageError(["help", "doctr"]) == "no help for 'doctr': not a command; did you mean 'doctor'? see 'viper --help'")
        #expect(Self.usageError(["sign", "f", "--key", "k", "--outptu", "s"]) == "unknown option '--outptu' for 'viper sign'; did you mean '--output'? see 'viper sign --help'")
    }

    @Test func anOptionOfAnotherCommandNamesTheCommandsThatTakeIt() {
        #expect(Self.usageError(["doctor", "--index", "x"]) == "option '--index' belongs to 'viper plugins search', 'viper plugins install' or 'viper plugins update'")
        #expect(Self.usageError(["--suites", "x"]) == "option '--suites' belongs to 'viper check'")
        #expect(Self.usageError(["check", "--open", "x"]) == "option '--open' belongs to 'viper dev'")
    }
}
