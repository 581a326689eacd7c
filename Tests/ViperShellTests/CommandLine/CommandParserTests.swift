import Testing
import ViperCommandLine

/// The parser and help, over stub commands: what they declare is all they know.
@Suite struct CommandParserTests {
    let parser = CommandParser(
        commands: [HomeCommandStub.self, EchoCommandStub.self, LeafCommandStub.self], defaultCommand: HomeCommandStub.self)

    func parsed(_ arguments: [String]) throws -> (any ParsableCommand, ParsedCommand) {
        guard case .run(let command, let parsed) = try parser.parse(arguments, environment: ["HOME": "/nowhere"]) else {
            throw UsageError("\(arguments) did not ask to run a command")
        }
        return (command, parsed)
    }

    func error(_ arguments: [String]) -> String? {
        do {
            _ = try parser.parse(arguments, environment: [:])
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aCommandGetsItsOwnOptionsAndTheGlobalOnesBeforeOrAfterItsWords() throws {
        let (command, parsed) = try parsed(["--data", "/d", "echo", "ada", "--json", "-l", "2", "--level=3", "--plugins", "/p"])
        #expect(command is EchoCommandStub)
        #expect(parsed.positional == ["ada"])
        #expect(parsed.has("--json"))
        #expect(parsed.values("--level") == ["2", "3"], "both names, and --name=value, are kept under the first name")
        #expect(parsed.globals.dataFlag == "/d" && parsed.globals.pluginFlags == ["/p"])
        #expect(parsed.context.dataFolder == "/d")
    }

    @Test func aCommandsOwnOptionShadowsAGlobalOneOfTheSameName() throws {
        let (_, own) = try parsed(["echo", "--version", "1.2"])
        #expect(own.value("--version") == "1.2")
        guard case .version = try parser.parse(["--version"], environment: [:]) else {
            Issue.record("before the command, --version is viper's")
            return
        }
    }

    @Test func aLineWithoutACommandRunsTheDefaultWithItsOptionGivenFirst() throws {
        let (command, parsed) = try parsed(["--open", "notes", "-c", "where"])
        #expect(command is HomeCommandStub)
        #expect(parsed.value("--open") == "notes")
        #expect(parsed.globals.script == "where")
    }

    @Test func aCommandOfTwoWordsIsChosenWhenItsWordsFollowOneAnother() throws {
        let (command, parsed) = try parsed(["group", "leaf", "--deep"])
        #expect(command is LeafCommandStub)
        #expect(parsed.has("--deep"))
        #expect(error(["group"]) == "'viper group' needs more words: 'viper group leaf'; see 'viper --help'")
        #expect(error(["group", "lef"]) == "'viper group' needs more words: 'viper group leaf'; see 'viper --help'")
    }

    @Test func helpIsAskedForWithTheCommandWhoseWordsCameFirst() throws {
        guard case .help(let echo?) = try parser.parse(["echo", "--help"], environment: [:]),
            case .help(let leaf?) = try parser.parse(["-h", "group", "leaf"], environment: [:]),
            case .help(nil) = try parser.parse(["--help"], environment: [:])
        else {
            Issue.record("help was not asked for")
            return
        }
        #expect(echo.words == ["echo"] && leaf.words == ["group", "leaf"])
    }

    @Test func wrongLinesAreOneLineThatSaysWhatThereIs() {
        #expect(error(["ech"]) == "unknown command 'ech'; did you mean 'echo'? see 'viper --help'")
        #expect(error(["qqqqqqq"]) == "unknown command 'qqqqqqq'; the commands are home, echo, group; see 'viper --help'")
        #expect(error(["echo", "--jsno"]) == "unknown option '--jsno' for 'viper echo'; did you mean '--json'? see 'viper echo --help'")
        #expect(
            error(["echo", "--qqqqqqq"])
                == "unknown option '--qqqqqqq' for 'viper echo'; it takes --json, --level, --version and the global options; see 'viper echo --help'")
        #expect(error(["echo", "--open", "x"]) == "option '--open' belongs to the shell ('viper --open -c ...')")
        #expect(error(["home", "--deep"]) == "option '--deep' belongs to 'viper group leaf'")
        #expect(error(["--deep", "echo"]) == "option '--deep' belongs to 'viper group leaf'")
        #expect(error(["echo", "--level"]) == "option '--level' needs a value")
        #expect(error(["echo", "a", "b"]) == "'viper echo' takes at most 1 argument(s), got 'a b'; see 'viper echo --help'")
        #expect(error(["home", "a"]) == "'viper home' takes no arguments, got 'a'; see 'viper home --help'")
        #expect(error(["echo", "--level", "0"]) == "--level takes 1 or more", "the command's own validation runs")
        #expect(error(["--command-timeout", "soon"])?.hasPrefix("--command-timeout takes a number of seconds above 0") == true)
    }

    @Test func helpIsMadeFromTheDeclarations() {
        let help = HelpText.command(EchoCommandStub.configuration)
        #expect(
            help.hasPrefix(
                """
                viper echo: Keep what it was given

                Usage: viper [OPTIONS] echo [NAME] [--json] [--level] [--version]

                Says nothing.

                Options:
                  --json         Print JSON
                  --level, -l N  A level; repeatable
                  --version V    Its own --version, not viper's

                Global options:
                """))
        let leaf = HelpText.command(LeafCommandStub.configuration)
        #expect(leaf == "viper group leaf: A command of two words\n\nUsage: viper group leaf [--deep]\n\nOptions:\n  --deep  Go deep")
        let general = HelpText.general([HomeCommandStub.configuration, EchoCommandStub.configuration, LeafCommandStub.configuration])
        #expect(general.contains("\nCommands:\n  home  The default\n  echo  Keep what it was given\n"))
        #expect(general.contains("\nSigned plugins and the index:\n  group leaf  A command of two words\n"))
    }

    @Test func aCommandCanBeMadeFromItsArgumentsAlone() throws {
        let echo = try EchoCommandStub.parse(["ada", "--json"], environment: [:])
        #expect(echo.parsed.positional == ["ada"] && echo.parsed.has("--json"))
        #expect(throws: UsageError.self) { try EchoCommandStub.parse(["--bogus"], environment: [:]) }
    }
}
