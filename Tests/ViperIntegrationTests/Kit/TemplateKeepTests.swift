import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// What an author keeps of what `viper new` writes, per variant: each variant is generated as a
/// person types it, and the lines a real author deletes or rewrites while building a feature on it
/// are written down here (file and line, as generated). The test holds the list to the generated
/// text (a listed line that is gone fails it), counts every generated line, holds the variants an
/// author keeps under 5%, and holds docs/PLUGIN_AUTHORS.md's table ("What an author keeps") to
/// the figures.
@Suite struct TemplateKeepTests {
    struct Variant: CustomTestStringConvertible, Sendable {
        /// The commands, as in the guide's table (`DIR` is the folder).
        let commands: [[String]]
        /// The package measured.
        let package: String
        /// Lines a real author deletes or rewrites: the file (in the package) and the line, trimmed.
        let rewritten: [(file: String, line: String)]
        /// Whether the variant is one an author keeps (under 5% rewritten); the others are worked
        /// examples of one shape, measured and reported.
        let kept: Bool

        var shown: String {
            commands.map { $0.filter { $0 != "--dir" && $0 != "DIR" }.joined(separator: " ").replacingOccurrences(of: "DIR/", with: "") }.last ?? ""
        }
        var testDescription: String { "viper " + shown }
    }

    /// The lines a feature rewrites in the blank module `NAME` of a package: the summaries, the
    /// builder's first service and the interactor that takes it (unless `--uses` wrote them), what
    /// it loads and shows, the entity's field, and the tests' interactor (unless `--uses` wrote it)
    /// and expected heading. Commands are added beside `done`, not rewritten.
    static func blankModule(_ name: String, plugin: String, registrationOnly: Bool = false, uses: Bool = false) -> [(file: String, line: String)] {
        let module = "Sources/\(plugin)Plugin/\(name)/\(name)"
        let registration = (file: "Sources/\(plugin)Plugin/\(plugin)Plugin.swift",
                            line: "registrar.registerModule(\(name)Input.self, route: RouteSpec(\"\(name.lowercased())\", summary: \"\(name)\"),")
        typealias Line = (file: String, line: String)
        var lines: [Line] = []
        if !registrationOnly {
            lines.append((file: "Sources/\(plugin)Plugin/\(plugin)Plugin.swift",
                          line: "package static let manifest = PluginManifest(name: \"\(plugin.lowercased())\", version: \"0.1.0\", summary: \"\(plugin)\")"))
        }
        lines.append(registration)
        if !uses {
            lines.append((module + "Builder.swift", "static let dependencies = Dependencies()"))
            lines.append((module + "Builder.swift", "func build(_ context: any ModuleContext, with _: ()) throws -> BuiltModule {"))
            lines.append((module + "Builder.swift", "let interactor = \(name)Interactor()"))
        }
        lines.append((module + "Interactor.swift", "output?.handleLoaded(\(name)Entity(title: \"\(name)\"))"))
        lines.append((module + "Presenter.swift", "model.heading = entity.title"))
        lines.append((module + "Entity.swift", "let title: String"))
        let tests = "Tests/\(plugin)PluginTests/\(name)PresenterTests.swift"
        if !uses {
            lines.append((tests, "\(name)Interactor()"))
        }
        lines.append((tests, "#expect(subject.view.models.last?.heading == \"\(name)\")"))
        return lines
    }

    /// The contract library's two protocols, their requirements and their comments: an author's
    /// own protocols replace them.
    static let contractLibraryProtocols: [(file: String, line: String)] = [
                    ("Sources/ContactsKit/ContactsKit.swift", "/// A service a provider registers and a consumer resolves."),
                    ("Sources/ContactsKit/ContactsKit.swift", "public protocol ContactsKitService: AnyObject {"),
                    ("Sources/ContactsKit/ContactsKit.swift", "/// One line for `subject`."),
                    ("Sources/ContactsKit/ContactsKit.swift", "func describe(_ subject: String) -> String"),
                    ("Sources/ContactsKit/ContactsKit.swift", "/// A module's input: a consumer routes to it by this contract, a provider registers it."),
                    ("Sources/ContactsKit/ContactsKit.swift", "public protocol ContactsKitScreen: AnyObject {"),
                    ("Sources/ContactsKit/ContactsKit.swift", "/// What the module shows."),
                    ("Sources/ContactsKit/ContactsKit.swift", "var subject: String { get set }"),
    ]

    static let variants: [Variant] = [
        Variant(commands: [["new", "Counter", "--dir", "DIR"]], package: "Counter",
                rewritten: blankModule("Counter", plugin: "Counter"), kept: true),
        Variant(commands: [["new", "Counter", "--dir", "DIR"], ["new", "module", "Details", "--in", "DIR/Counter"]], package: "Counter",
                rewritten: blankModule("Counter", plugin: "Counter") + blankModule("Details", plugin: "Counter", registrationOnly: true), kept: true),
        Variant(commands: [["new", "Caller", "--routes-to", "NoteEditing", "--dir", "DIR"]], package: "Caller",
                rewritten: blankModule("Caller", plugin: "Caller").map {
                    $0.line.hasPrefix("func build(")
                        ? ($0.file, "func build(_ context: any ModuleContext, with _: (), routes noteEditing: ModuleRoute<any NoteEditing>) throws -> BuiltModule {")
                        : $0
                } + [("Sources/CallerPlugin/Caller/CallerView.swift", "CommandSpec(\"note\", help: \"Open NoteEditing\"),"),
                     ("Sources/CallerPlugin/Caller/CallerView.swift", "case \"note\": try presenter.didAskToOpenNoteEditing()")], kept: true),
        // The module of a library's protocol is named after it; the plugin after NAME.
        Variant(commands: [["new", "ContactsKit", "--contract-library", "--dir", "DIR"], ["new", "Picker", "--contract", "ContactsKit.ContactsKitScreen", "--dir", "DIR"]],
                package: "Picker",
                rewritten: blankModule("ContactsKitScreen", plugin: "Picker").map {
                    $0.line.hasPrefix("registrar.registerModule(")
                        ? ($0.file, "registrar.registerModule(ContactsKitScreen.self, route: RouteSpec(\"picker\", summary: \"ContactsKitScreen\"),") : $0
                }, kept: true),
        // A library of named contracts, a provider of its screen that uses its service (with a
        // second module that uses it too), and a consumer that routes to the screen and uses the
        // service: the builders, interactors and tests' interactors are written with the service.
        Variant(commands: [["new", "ShelfKit", "--contract-library", "--service", "ReadingLog", "--screen", "BookPicking", "--dir", "DIR"]],
                package: "ShelfKit",
                rewritten: [("Sources/ShelfKit/ShelfKit.swift", "/// A service a provider registers and a consumer resolves. Its requirements:"),
                            ("Sources/ShelfKit/ShelfKit.swift", "/// A module's input: a consumer routes to it by this contract, a provider registers it. Its requirements")],
                kept: true),
        Variant(commands: [["new", "ShelfKit", "--contract-library", "--service", "ReadingLog", "--screen", "BookPicking", "--dir", "DIR"],
                           ["new", "Shelf", "--contract", "ShelfKit.BookPicking", "--uses", "ShelfKit.ReadingLog", "--dir", "DIR"],
                           ["new", "module", "Progress", "--in", "DIR/Shelf", "--uses", "ShelfKit.ReadingLog"]],
                package: "Shelf",
                rewritten: blankModule("BookPicking", plugin: "Shelf", uses: true).map {
                    $0.line.hasPrefix("registrar.registerModule(")
                        ? ($0.file, "registrar.registerModule(BookPicking.self, route: RouteSpec(\"shelf\", summary: \"BookPicking\"),") : $0
                } + blankModule("Progress", plugin: "Shelf", registrationOnly: true, uses: true), kept: true),
        Variant(commands: [["new", "ShelfKit", "--contract-library", "--service", "ReadingLog", "--screen", "BookPicking", "--dir", "DIR"],
                           ["new", "Goals", "--routes-to", "ShelfKit.BookPicking", "--uses", "ShelfKit.ReadingLog", "--dir", "DIR"]],
                package: "Goals",
                rewritten: blankModule("Goals", plugin: "Goals", uses: true)
                    + [("Sources/GoalsPlugin/Goals/GoalsView.swift", "CommandSpec(\"book\", help: \"Open BookPicking\"),"),
                       ("Sources/GoalsPlugin/Goals/GoalsView.swift", "case \"book\": try presenter.didAskToOpenBookPicking()")], kept: true),
        Variant(commands: [["new", "service", "Journal", "--dir", "DIR"]], package: "Journal",
                rewritten: [("Sources/JournalPlugin/JournalPlugin.swift", "summary: \"Journal: notes in a file of their own (provides NoteStore)\")")], kept: true),
        // A contract library's two protocols are the author's own written over them; its suites are
        // empty, and the author adds checks to them (the suites' lines are renamed with the protocols).
        Variant(commands: [["new", "ContactsKit", "--contract-library", "--dir", "DIR"]], package: "ContactsKit",
                rewritten: contractLibraryProtocols + [
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "/// What every ContactsKitService promises."),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "public let serviceSuite = ContractSuite(for: ContactsKitService.self, serviceChecks: [])"),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "/// What every module registered as ContactsKitScreen promises."),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "public let screenSuite = ContractSuite(for: ContactsKitScreen.self, checks: [])"),
                ], kept: true),
        // With --example, the worked checks of the suites are rewritten too.
        Variant(commands: [["new", "ContactsKit", "--contract-library", "--example", "--dir", "DIR"]], package: "ContactsKit",
                rewritten: contractLibraryProtocols + [
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "/// What every ContactsKitService promises: a description that names its subject."),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "public let serviceSuite = ContractSuite(for: ContactsKitService.self, serviceChecks: ["),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "ServiceCheck(\"describe-names-the-subject\") { harness in"),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "let line = try harness.make(ContactsKitService.self).describe(\"a subject\")"),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "try CheckFailure.unless(line.contains(\"a subject\"), expected: \"a line that names 'a subject'\", happened: \"'\\(line)'\","),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "fix: \"put the subject in what describe(_:) returns\")"),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "/// What every module registered as ContactsKitScreen promises: it keeps the subject it is given."),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "public let screenSuite = ContractSuite(for: ContactsKitScreen.self, checks: ["),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "ModuleCheck(\"subject-is-kept\") { harness in"),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "let screen = try harness.build().input(as: ContactsKitScreen.self)"),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "screen.subject = \"a subject\""),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "try CheckFailure.unless(screen.subject == \"a subject\", expected: \"subject 'a subject' after setting it\","),
                    ("Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift", "happened: \"'\\(screen.subject)'\", fix: \"keep what is set in subject\")"),
                ], kept: false),
        // The adapter's two contracts are the author's own (`--from` names the source): the
        // author adds their requirements, the adapter's answers and the fake's (all new lines),
        // and rewrites the summary, the served contract's comment and the test's expectation.
        Variant(commands: [["new", "adapter", "Greeting", "--from", "Salutation", "--dir", "DIR"]], package: "Greeting",
                rewritten: [
                    ("Sources/GreetingPlugin/GreetingPlugin.swift", "summary: \"Greeting: served from Salutation through an adapter\")"),
                    ("Sources/GreetingPlugin/GreetingContracts.swift", "/// What a module or a service requires: the adapter serves it."),
                    ("Tests/GreetingPluginTests/GreetingAdapterTests.swift", "#expect(try services.resolve(Greeting.self) is GreetingAdapter)"),
                ], kept: true),
        // With --example: the worked adapter's two contracts, the old service and the adapter's body are the author's own.
        Variant(commands: [["new", "adapter", "Welcome", "--example", "--dir", "DIR"]], package: "Welcome",
                rewritten: [
                    ("Sources/WelcomePlugin/WelcomeContracts.swift", "public protocol WelcomeGreeting: AnyObject {"),
                    ("Sources/WelcomePlugin/WelcomeContracts.swift", "func greet(_ name: String) -> String"),
                    ("Sources/WelcomePlugin/WelcomeContracts.swift", "public protocol WelcomeSalutation: AnyObject {"),
                    ("Sources/WelcomePlugin/WelcomeContracts.swift", "func salute(firstName: String, formal: Bool) -> String"),
                    ("Sources/WelcomePlugin/WelcomeContracts.swift", "final class EnglishWelcomeSalutation: WelcomeSalutation {"),
                    ("Sources/WelcomePlugin/WelcomeContracts.swift", "func salute(firstName: String, formal: Bool) -> String {"),
                    ("Sources/WelcomePlugin/WelcomeContracts.swift", "formal ? \"Good day, \\(firstName).\" : \"Hi \\(firstName)!\""),
                    ("Sources/WelcomePlugin/WelcomeSalutationGreeting.swift", "func greet(_ name: String) -> String {"),
                    ("Sources/WelcomePlugin/WelcomeSalutationGreeting.swift", "salutation.salute(firstName: name, formal: false)"),
                    ("Sources/WelcomePlugin/Welcome/WelcomeModule.swift", "line = greeting.greet(name)"),
                    ("Tests/WelcomePluginTests/WelcomeAdapterTests.swift", "#expect(WelcomeSalutationGreeting(EnglishWelcomeSalutation()).greet(\"Ada\") == \"Hi Ada!\")"),
                    ("Tests/WelcomePluginTests/WelcomeAdapterTests.swift", "#expect(try services.resolve(WelcomeGreeting.self).greet(\"Ada\") == \"Hi Ada!\")"),
                ], kept: false),
    ]

    /// Every line of every file in `folder`, outside build folders.
    static func generatedLines(in folder: String) throws -> Int {
        let walker = try #require(FileManager.default.enumerator(atPath: folder))
        var count = 0
        for case let path as String in walker where !path.hasPrefix(".build") && !path.contains("/.build") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            count += text.components(separatedBy: "\n").count - (text.hasSuffix("\n") ? 1 : 0)
        }
        return count
    }

    @Test(arguments: variants)
    func anAuthorRewritesUnderFivePercentOfWhatTheKeptVariantsWriteAndTheGuideSaysHowMuch(variant: Variant) throws {
        let folder = try TemporaryFolder.make("keep")
        for command in variant.commands {
            let made = try ViperProcess().run(command.map { $0.replacingOccurrences(of: "DIR", with: folder) })
            try #require(made.status == 0, "\(made.stderr)")
        }
        let package = folder + "/" + variant.package
        for (file, line) in variant.rewritten {
            let lines = try String(contentsOfFile: package + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == line }, "\(file) has no line '\(line)': update the list")
        }
        let total = try Self.generatedLines(in: package)
        let share = Double(variant.rewritten.count) / Double(total) * 100
        if variant.kept {
            #expect(share < 5, "\(variant.rewritten.count) of \(total) lines rewritten")
        }
        let guide = try String(contentsOfFile: BuildProducts.repository + "/docs/PLUGIN_AUTHORS.md", encoding: .utf8)
        let row = "| `viper \(variant.shown)` | \(total) | \(variant.rewritten.count) | \(String(format: "%.1f", share))% |"
        #expect(guide.contains(row), "docs/PLUGIN_AUTHORS.md lacks the row \(row)")
    }
}
