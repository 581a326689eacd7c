import Contracts
import Foundation
import Testing
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperCommandLine
import ViperCommands

/// The `viper` command line, run as a user runs it.
@Suite struct CLITests {
    // MARK: Help

    @Test func helpDescribesEveryCommandAndEveryOption() throws {
        let result = try ViperProcess().run(["--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("viper: a host for VIPER feature modules loaded as plugins.\n\nUsage: viper [OPTIONS] [COMMAND]\n"))
        for command in ViperCommands.all.map({ $0.configuration }) {
            #expect(result.stdout.contains("  \(command.name) ") && result.stdout.contains(command.abstract), "\(command.name) is not described")
        }
        for option in GlobalOptions.declarations {
            #expect(result.stdout.contains("  \(option.label) ") && result.stdout.contains(option.help), "\(option.name) is not described")
        }
        for variable in ["VIPER_PLUGIN_PATH", "VIPER_DATA_DIR", "NO_COLOR"] {
            #expect(result.stdout.contains(variable))
        }
    }

    @Test(arguments: ViperCommands.all.map { $0.configuration.words })
    func eachCommandHasItsOwnHelp(_ words: [String]) throws {
        let configuration = try #require(ViperCommands.parser.command(words: words)?.configuration)
        let name = configuration.name
        let viper = ViperProcess()
        let result = try viper.run(words + ["--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("viper \(name): \(configuration.abstract)\n\nUsage: \(configuration.usage)\n"))
        let globals = configuration.section == .main ? GlobalOptions.declarations : []
        for option in configuration.options + globals {
            #expect(result.stdout.contains(option.label) && result.stdout.contains(option.help), "\(name) --help lacks \(option.name)")
        }
        #expect(try viper.run(["help"] + words).stdout == result.stdout, "'viper help \(name)' and 'viper \(name) --help' agree")
    }

    @Test func doctorHelpSaysWhatItChecksAndHowToGetJSON() throws {
        let result = try ViperProcess().run(["doctor", "--help"])
        #expect(result.stdout.hasPrefix("""
            viper doctor: Check the plugin graph; exit non-zero when anything is wrong

            Usage: viper [OPTIONS] doctor [--json] [--bisect] [--expect]

            """))
        #expect(result.stdout.contains("\nOptions:\n  --json           Print JSON instead of text\n"))
    }

    // MARK: Usage errors

    /// The global options as a wrong one names them: `--plugins, --data, --prefer, -c/--command, ...`.
    static let globalOptionNames = GlobalOptions.declarations.map { $0.names.joined(separator: "/") }
        .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ")

    @Test(arguments: [
        (["plugin"], "viper: unknown command 'plugin'; did you mean 'plugins'? see 'viper --help'"),
        (["--bogus"], "viper: unknown option '--bogus' for viper; the options are --json, \(globalOptionNames); see 'viper --help'"),
        (["doctor", "--zzz"], "viper: unknown option '--zzz' for 'viper doctor'; it takes --json, --bisect, --expect and the global options; see 'viper doctor --help'"),
        (["xyzzy"], "viper: unknown command 'xyzzy'; the commands are shell, plugins, doctor, graph, check, new, dev, sdk, install, uninstall, help, sign, verify, keys, index; see 'viper --help'"),
        (["index"], "viper: 'viper index' needs more words: 'viper index build'; see 'viper --help'"),
        (["doctor", "--jsn"], "viper: unknown option '--jsn' for 'viper doctor'; did you mean '--json'? see 'viper doctor --help'"),
        (["doctor", "extra"], "viper: 'viper doctor' takes no arguments, got 'extra'; see 'viper doctor --help'"),
        (["plugins", "--plugins"], "viper: option '--plugins' needs a value"),
        (["--prefer", "Contracts.Clock"], "viper: --prefer takes CONTRACT=PLUGIN or ROUTE=PLUGIN, e.g. --prefer Contracts.NoteEditing=markdown-editor or --prefer notes=my-notes; got 'Contracts.Clock'"),
        (["help", "nosuch"], "viper: no help for 'nosuch': not a command; see 'viper --help'"),
    ])
    func aWrongCommandLineIsAOneLineUsageErrorWithExitCode64(_ arguments: [String], _ line: String) throws {
        let result = try ViperProcess().run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == line + "\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func anOptionOfAnotherCommandIsAUsageErrorThatNamesTheCommands() throws {
        let result = try ViperProcess().run(["graph", "--json"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("viper: option '--json' belongs to the shell ('viper --json -c ...'), 'viper plugins', 'viper doctor'"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    // MARK: The graph, as JSON

    @Test func pluginsJSONDescribesEachPluginWithWhatItProvidesAndRequires() throws {
        let consumer = try Fixtures.consumer(), adapter = try Fixtures.adapter(), salutation = try Fixtures.salutation()
        let result = try ViperProcess().run(["plugins", "--json", "--plugins", consumer, "--plugins", adapter, "--plugins", salutation])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try PluginsReport.decode(result.stdout)
        #expect(report.contractsVersion == "\(ContractsVersion.current)")

        let consumerRecord = try #require(report.plugin(named: "fixture-consumer"))
        #expect(consumerRecord.path == consumer)
        #expect(consumerRecord.version == "0.1.0")
        #expect(consumerRecord.contractsVersion == "\(ContractsVersion.current)")
        #expect(consumerRecord.isUsable)
        #expect(consumerRecord.provides == [.init(kind: "module", contract: "ConsumerPlugin.GreetingScreen", name: nil, adaptedFrom: nil)])
        #expect(consumerRecord.requires == [.init(kind: "service", contract: "FixtureContracts.Greeting", name: nil)])

        let adapterRecord = try #require(report.plugin(named: "fixture-adapter"))
        #expect(adapterRecord.provides == [.init(kind: "adapter", contract: "FixtureContracts.Greeting", name: nil, adaptedFrom: "FixtureContracts.Salutation")])
        #expect(adapterRecord.requires.isEmpty)

        let greeter = try #require(report.plugin(named: "greeter"))
        #expect(greeter.requires == [.init(kind: "service", contract: "Contracts.Clock", name: nil),
                                     .init(kind: "service", contract: "Contracts.Logger", name: nil)])
        #expect(report.problemLines.filter { $0.contains("fixture-") }.isEmpty)
    }

    @Test func doctorJSONNamesWhoServesEveryRequirement() throws {
        let consumer = try Fixtures.consumer(), adapter = try Fixtures.adapter(), salutation = try Fixtures.salutation()
        let result = try ViperProcess().run(["doctor", "--json", "--plugins", consumer, "--plugins", adapter, "--plugins", salutation])
        let report = try DoctorReport.decode(result.stdout)
        let greeting = try #require(report.dependencies.first { $0.plugin == "fixture-consumer" })
        #expect(greeting.registration == "ConsumerPlugin.GreetingScreen")
        #expect(greeting.requirement == .init(kind: "service", contract: "FixtureContracts.Greeting", name: nil))
        #expect(greeting.providedBy == "fixture-salutation")
        #expect(greeting.adaptedFrom == "FixtureContracts.Salutation")
        #expect(report.dependencies.filter { $0.plugin == "greeter" }.map(\.providedBy) == ["host", "host"])
        #expect(report.plugins.contains { $0.name == "fixture-adapter" && $0.path == adapter && $0.reason == nil })
    }

    // MARK: A missing provider

    @Test func doctorNamesTheChainOfAMissingProviderAndExitsNonZero() throws {
        let consumer = try Fixtures.consumer(), middle = try Fixtures.middle()
        let viper = ViperProcess()
        let arguments = ["--plugins", consumer, "--plugins", middle]
        let middleReason = "FixtureContracts.Greeting requires Fixtures.Nowhere, which no plugin provides; install a plugin that provides it"
        let consumerReason = "ConsumerPlugin.GreetingScreen requires FixtureContracts.Greeting → provided only by 'fixture-middle', which is disabled: \(middleReason)"

        let doctor = try viper.run(["doctor"] + arguments)
        #expect(doctor.status == 1)
        let lines = doctor.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("problem: \(middle): plugin 'fixture-middle' is disabled: \(middleReason)"), "\(doctor.stdout)")
        #expect(lines.contains("problem: \(consumer): plugin 'fixture-consumer' is disabled: \(consumerReason)"), "\(doctor.stdout)")

        let json = try DoctorReport.decode(try viper.run(["doctor", "--json"] + arguments).stdout)
        #expect(!json.ok)
        let ours = json.problems.filter { $0.plugin?.hasPrefix("fixture-") == true }
        #expect(ours.map(\.kind) == ["missingProvider", "missingProvider"])
        #expect(json.plugins.first { $0.name == "fixture-consumer" }?.reason == consumerReason)
        #expect(json.dependencies.first { $0.plugin == "fixture-middle" }?.providedBy == nil)

        let plugins = try PluginsReport.decode(try viper.run(["plugins", "--json"] + arguments).stdout)
        #expect(plugins.plugin(named: "fixture-consumer")?.status == "disabled")
        #expect(plugins.plugin(named: "fixture-consumer")?.reason == consumerReason)
        #expect(plugins.plugin(named: "greeter")?.isUsable == true)
    }

    @Test func theShellStillOpensWithThePluginsThatAreFine() throws {
        let consumer = try Fixtures.consumer(), middle = try Fixtures.middle()
        let result = try ViperProcess().run(["--plugins", consumer, "--plugins", middle], input: "open hello?name=Ada\nquit\n")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(consumer): plugin 'fixture-consumer' is disabled: "), "the problem is shown: \(result.stderr)")
        #expect(result.stdout.contains("Ada!"), "the greeter still works: \(result.stdout)")
    }

    @Test func openingTheModuleOfADisabledPluginSaysWhyAndTheSessionGoesOn() throws {
        let consumer = try Fixtures.consumer(), middle = try Fixtures.middle()
        let result = try ViperProcess().run(["--plugins", consumer, "--plugins", middle], input: "open greeting\nopen hello\nquit\n")
        #expect(result.stdout.contains("Hello") || result.stdout.contains("Good"), "\(result.stdout)")
        #expect(result.status == 1, "a scripted session with a failed command exits 1")
    }

    // MARK: Provider choices

    @Test func aDuplicateProviderIsReportedUntilTheUserChoosesOne() throws {
        let english = try Fixtures.english(), french = try Fixtures.french()
        let viper = ViperProcess()
        let arguments = ["--plugins", english, "--plugins", french]

        let unchosen = try viper.run(["doctor"] + arguments)
        #expect(unchosen.status == 1)
        #expect(unchosen.stdout.contains("problem: \(french): plugin 'fixture-french' does not serve FixtureContracts.Greeting: 'fixture-english' (\(english)) also provides it and was found first; choose one with --prefer FixtureContracts.Greeting=NAME, or remove one\n"), "\(unchosen.stdout)")

        let flag = try viper.run(["doctor", "--json", "--prefer", "FixtureContracts.Greeting=fixture-french"] + arguments)
        let flagged = try DoctorReport.decode(flag.stdout)
        #expect(flagged.problems.map(\.message).filter { $0.contains("fixture-") }.isEmpty)
        let plugins = try PluginsReport.decode(try viper.run(["plugins", "--json", "--prefer", "FixtureContracts.Greeting=fixture-french"] + arguments).stdout)
        #expect(plugins.plugin(named: "fixture-english")?.overridden == ["FixtureContracts.Greeting"])
        #expect(plugins.plugin(named: "fixture-french")?.overridden == [])

        // The same choice kept in config.json.
        try Data(#"{"providers": {"FixtureContracts.Greeting": "fixture-french"}}"#.utf8)
            .write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        let configured = try DoctorReport.decode(try viper.run(["doctor", "--json"] + arguments).stdout)
        #expect(configured.problems.map(\.message).filter { $0.contains("fixture-") }.isEmpty)
    }

    @Test func aBadChoiceIsReportedWhereItWasMade() throws {
        let english = try Fixtures.english(), french = try Fixtures.french()
        let viper = ViperProcess()
        let result = try viper.run(["doctor", "--prefer", "FixtureContracts.Greeting=fixture-german", "--plugins", english, "--plugins", french])
        #expect(result.status == 1)
        #expect(result.stdout.contains("problem: --prefer FixtureContracts.Greeting=fixture-german: chooses 'fixture-german' to provide FixtureContracts.Greeting, but 'fixture-german' does not provide it; choose one of: fixture-english, fixture-french\n"), "\(result.stdout)")

        try Data(#"{"providers": {"FixtureContracts.Greeting": "fixture-german"}}"#.utf8)
            .write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        let configured = try viper.run(["doctor", "--plugins", english, "--plugins", french])
        #expect(configured.stdout.contains("problem: \(viper.dataFolder)/config.json: chooses 'fixture-german' to provide FixtureContracts.Greeting"), "\(configured.stdout)")
    }

    @Test func aServiceCycleIsReportedAndTheRestLoad() throws {
        let cycle = try Fixtures.cycle()
        let result = try ViperProcess().run(["doctor", "--plugins", cycle])
        #expect(result.status == 1)
        #expect(result.stdout.contains("problem: \(cycle): plugin 'fixture-cycle' is disabled: dependency cycle FixtureContracts.Chicken → FixtureContracts.Egg → FixtureContracts.Chicken: these services' factories need each other; break it by resolving one of them lazily, outside its factory\n"), "\(result.stdout)")
    }
}
