import Contracts
import Foundation
import Testing
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperCommandLine
import ViperTestSupport

/// `viper graph` and the shell's `graph`: the bundled plugins and fixture sets (a missing
/// provider, a cycle, an adapter, a disabled plugin) as exact text, the DOT read by Graphviz,
/// the JSON form, and every wrong use as one line.
@Suite struct ContractGraphTests {
    private let viper = ViperProcess()

    private func graph(_ arguments: [String]) throws -> ViperProcess.Result {
        try viper.run(["graph"] + arguments)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static let host = [
        "viper \(ViperTool.version)  [host services]",
        "  provides  service  Contracts.Logger",
        "  provides  service  Contracts.Clock",
        "  provides  service  Contracts.DataFolder",
        "  provides  service  Contracts.DatabaseOpening",
        "  provides  service  Contracts.CommandProgress",
    ]

    @Test func theBundledPluginsGraphIsExactlyWhatTheyProvideAndRequire() throws {
        let result = try graph([])
        #expect(result.status == 0)
        #expect(lines(result.stdout) == Self.host + [
            "account 1.0.0  [ready]",
            "  provides  service  Contracts.Session",
            "  provides  module   Contracts.Login  /login",
            "  provides  module   Contracts.AccountStatus",
            "  intercepts routes to  Contracts.NoteEditing",
            "  requires  service  Contracts.Logger  ← viper",
            "  requires  service  Contracts.DatabaseOpening  ← viper",
            "  requires  service  Contracts.Clock  ← viper",
            "  requires  service  Contracts.Session  ← account",
            "articles 1.0.0  [ready]",
            "  provides  service  Contracts.FeedFetching",
            "  provides  module   Contracts.ArticleListing  /articles",
            "  provides  module   Contracts.ArticleShowing",
            "  requires  service  Contracts.Logger  ← viper",
            "  requires  service  Contracts.Clock  ← viper",
            "  requires  service  Contracts.DataFolder  ← viper",
            "  requires  service  Contracts.FeedFetching  ← articles",
            "  requires  module   Contracts.ArticleShowing  ← articles",
            "greeter 1.0.0  [ready]",
            "  provides  module   GreeterPlugin.HelloInput  /hello",
            "  requires  service  Contracts.Clock  ← viper",
            "  requires  service  Contracts.Logger  ← viper",
            "note-storage 1.0.0  [ready]",
            "  provides  service  Contracts.NoteStore",
            "  requires  service  Contracts.DatabaseOpening  ← viper",
            "  requires  service  Contracts.Clock  ← viper",
            "  requires  service  Contracts.Session  ← account",
            "notes 1.0.0  [ready]",
            "  provides  module   Contracts.NoteListing  /notes",
            "  provides  module   NotesPlugin.NoteOpening  /notes/:id",
            "  provides  module   Contracts.NoteEditing",
            "  requires  service  Contracts.NoteStore  ← note-storage",
            "  requires  service  Contracts.Session  ← account",
            "  requires  service  Contracts.Logger  ← viper",
            "  requires  service  Contracts.Clock  ← viper",
            "  requires  module   Contracts.NoteEditing  ← notes",
            "  requires  module   Contracts.Login  ← account",
            "todo 1.0.0  [ready]",
            "  provides  service  Contracts.TodoStore",
            "  provides  module   Contracts.TodoListing  /todo",
            "  provides  module   TodoPlugin.TodoAllListing  /todo/all",
            "  provides  module   TodoPlugin.TodoDoneListing  /todo/done",
            "  provides  module   TodoPlugin.TodoItemEditing  /todo/:id",
            "  provides  module   Contracts.TodoAdding  /todo/add",
            "  requires  service  Contracts.DatabaseOpening  ← viper",
            "  requires  service  Contracts.TodoStore  ← todo",
            "  requires  service  Contracts.Clock  ← viper",
            "  requires  service  Contracts.Logger  ← viper",
            "  requires  module   Contracts.TodoAdding  ← todo",
            "  requires  module   TodoPlugin.TodoItemEditing  ← todo",
            "  requires  module   TodoPlugin.TodoAllListing  ← todo",
            "  requires  module   TodoPlugin.TodoDoneListing  ← todo",
            "",
            "6 plugin(s), 0 disabled, 0 requirement(s) without a provider",
            "",
        ])
    }

    @Test func aMissingProviderDisablesItsConsumerAndIsNamed() throws {
        let consumer = try Fixtures.consumer()
        let result = try graph(["fixture-consumer", "--plugins", consumer])
        let reason = "ConsumerPlugin.GreetingScreen requires FixtureContracts.Greeting, which no plugin provides; install a plugin that provides it"
        #expect(lines(result.stdout) == [
            "fixture-consumer 0.1.0  [disabled: \(reason)]",
            "  provides  module   ConsumerPlugin.GreetingScreen  /greeting",
            "  requires  service  FixtureContracts.Greeting  ✗ missing: no plugin provides it",
            "",
            "problem: \(consumer): plugin 'fixture-consumer' is disabled: \(reason)",
            "",
            "1 plugin(s), 1 disabled, 1 requirement(s) without a provider",
            "",
        ])
    }

    @Test func aCycleShowsBothServicesUnservedWithTheChain() throws {
        let cycle = try Fixtures.cycle()
        let result = try graph(["fixture-cycle", "--plugins", cycle])
        let reason = "dependency cycle FixtureContracts.Chicken → FixtureContracts.Egg → FixtureContracts.Chicken: these services' factories need each other; break it by resolving one of them lazily, outside its factory"
        #expect(lines(result.stdout) == [
            "fixture-cycle 0.1.0  [disabled: \(reason)]",
            "  provides  service  FixtureContracts.Egg",
            "  provides  service  FixtureContracts.Chicken",
            "  requires  service  FixtureContracts.Chicken  ✗ unserved: only fixture-cycle provides it, disabled",
            "  requires  service  FixtureContracts.Egg  ✗ unserved: only fixture-cycle provides it, disabled",
            "",
            "problem: \(cycle): plugin 'fixture-cycle' is disabled: \(reason)",
            "",
            "1 plugin(s), 1 disabled, 2 requirement(s) without a provider",
            "",
        ])
    }

    @Test func anAdapterServesTheConsumerFromAnotherContract() throws {
        let result = try graph(["fixture-consumer", "--plugins", try Fixtures.consumer(), "--plugins", try Fixtures.adapter(),
                                "--plugins", try Fixtures.salutation()])
        #expect(lines(result.stdout) == [
            "fixture-consumer 0.1.0  [ready]",
            "  provides  module   ConsumerPlugin.GreetingScreen  /greeting",
            "  requires  service  FixtureContracts.Greeting  ← fixture-salutation (adapted from FixtureContracts.Salutation)",
            "fixture-adapter 0.1.0  [ready]",
            "  provides  adapter  FixtureContracts.Greeting  (adapted from FixtureContracts.Salutation)",
            "fixture-salutation 0.1.0  [ready]",
            "  provides  service  FixtureContracts.Salutation",
            "",
            "3 plugin(s), 0 disabled, 0 requirement(s) without a provider",
            "",
        ])
    }

    @Test func theDOTDrawsWhatIsMissingOrDisabledInRed() throws {
        let result = try graph(["--plugins", try Fixtures.consumer(), "--format", "dot"])
        #expect(result.status == 0)
        let dot = lines(result.stdout)
        #expect(dot.first == "digraph viper {")
        #expect(dot.contains("  \"service:FixtureContracts.Greeting\" [shape=ellipse, style=\"dashed,bold\", color=red, fontcolor=red, label=\"service\\nFixtureContracts.Greeting\\nMissing: no plugin provides it\"];"),
                "\(result.stdout)")
        #expect(dot.contains { $0.hasPrefix("  \"plugin:fixture-consumer\" [shape=box, style=\"rounded,filled\", fillcolor=\"#f2f2f2\", color=red, fontcolor=red, label=\"fixture-consumer 0.1.0\\nDISABLED\\n") })
        #expect(dot.contains("  \"plugin:notes\" -> \"service:Contracts.NoteStore\" [style=dashed, label=\"requires\"];"))
        #expect(dot.contains("  \"plugin:note-storage\" -> \"service:Contracts.NoteStore\" [label=\"provides\"];"))
    }

    @Test(.enabled(if: Self.graphvizInstalled || ProcessInfo.processInfo.environment["CI"] != nil,
                   "Graphviz's dot is not installed here; .ci/run installs it"))
    func graphvizReadsTheDOTUnchangedAndSVGIsWrittenWhereItSays() throws {
        let dot = try graph(["--plugins", try Fixtures.consumer(), "--plugins", try Fixtures.cycle(), "--format", "dot"]).stdout
        let file = viper.dataFolder + "/graph.dot"
        try dot.write(toFile: file, atomically: true, encoding: .utf8)
        let parsed = try FixtureCompiler.run(["dot", "-Tsvg", file, "-o", viper.dataFolder + "/parsed.svg"])
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(parsed.output.isEmpty, "dot warned: \(parsed.output)")

        let svg = viper.dataFolder + "/picture.svg"
        let written = try graph(["--format", "svg", "--output", svg])
        #expect(written.stdout == "Wrote the contract graph to \(svg)\n")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.contains("<svg") && picture.contains("Contracts.NoteStore"))
    }

    private static var graphvizInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/dot") }
    }

    @Test func theJSONFormCarriesProvidersAndGaps() throws {
        let result = try graph(["fixture-consumer", "--plugins", try Fixtures.consumer(), "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let plugins = object?["plugins"] as? [[String: Any]] ?? []
        #expect(plugins.map { $0["name"] as? String } == ["fixture-consumer"])
        #expect(plugins.first?["status"] as? String == "disabled")
        let requirement = (plugins.first?["requires"] as? [[String: Any]])?.first
        #expect(requirement?["contract"] as? String == "FixtureContracts.Greeting")
        #expect(requirement?["providedBy"] == nil)
        #expect((object?["problems"] as? [[String: Any]])?.first?["plugin"] as? String == "fixture-consumer")
    }

    @Test func wrongUsesAreOneLineWithTheFix() throws {
        let unknown = try graph(["notez"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "viper graph: no plugin named 'notez'; did you mean 'notes'? the plugins are: viper, account, articles, greeter, note-storage, notes, todo\n")
        let format = try graph(["--format", "pdf"])
        #expect(format.status == 64)
        #expect(format.stderr == "viper: --format takes text, dot, json, svg, png; got 'pdf'\n")
        let misplaced = try viper.run(["plugins", "--format", "dot"])
        #expect(misplaced.stderr == "viper: option '--format' belongs to 'viper graph'\n")
        var noDot = viper
        noDot.environment["PATH"] = "/nonexistent"
        let picture = try noDot.run(["graph", "--format", "png"])
        #expect(picture.status == 69)
        #expect(picture.stderr == "viper graph: --format png needs Graphviz's 'dot', which is not on PATH; install it (apt-get install graphviz), or use --format dot and render that anywhere\n")
    }

    @Test func theShellShowsTheGraphAroundTheModuleOnScreen() throws {
        let session = try viper.run(["-c", "open notes; graph"])
        #expect(session.status == 0, "\(session.stderr)")
        let block = lines(session.stdout).drop { !$0.hasPrefix("viper \(ViperTool.version)") }
        let names = block.filter { !$0.hasPrefix(" ") && $0.contains("  [") }.map { String($0.prefix { $0 != " " }) }
        #expect(names == ["viper", "account", "note-storage", "notes"], "\(session.stdout)")
        #expect(block.contains("  requires  service  Contracts.NoteStore  ← note-storage"))
        #expect(block.contains("3 plugin(s), 0 disabled, 0 requirement(s) without a provider"))
    }

    @Test func labelsAreQuotedForDOTAndStrippedOfControlCharacters() {
        #expect(GraphDOT.quote("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
        #expect(ContractGraph.printable("evil\u{1B}[2Jname\nnext") == "evil[2Jname next")
    }
}
