import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// What an author writes on first, added to rather than rewritten: a contract library whose
/// protocols are named (`--service`, `--screen`), a plugin of one of them whose module is named
/// after it, and modules that use a library's service (`--uses`), each wired through the builder,
/// the interactor and a test double the tests use. Built and tested exactly as generated.
@Suite(.tags(.slow)) struct ServiceUsesTemplateTests {
    /// The service's requirements an author writes into the named, empty protocol.
    static let requirements = """
        /// A book in the log.
        public struct Book: Equatable, Sendable {
            public var title: String
            public init(title: String) { self.title = title }
        }

        """

    /// Writes the library with its two named contracts and the service's requirements.
    static func library(in folder: String) throws -> String {
        let made = try ViperProcess().run(["new", "ShelfKit", "--contract-library", "--service", "ReadingLog", "--screen", "BookPicking", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("the contract library ShelfKit (ReadingLog, BookPicking, its version)"), "\(made.stdout)")
        let source = folder + "/ShelfKit/Sources/ShelfKit/ShelfKit.swift"
        let written = try String(contentsOfFile: source, encoding: .utf8)
        #expect(written.contains("public protocol ReadingLog: AnyObject {\n}\n"), "\(written)")
        #expect(written.contains("public protocol BookPicking: AnyObject {\n}\n"), "\(written)")
        #expect(!written.contains("ShelfKitService") && !written.contains("ShelfKitScreen") && !written.contains("describe("), "\(written)")
        // The author adds lines only: requirements inside the empty protocol.
        let filled = written.replacingOccurrences(
            of: "public protocol ReadingLog: AnyObject {\n}\n",
            with: "public protocol ReadingLog: AnyObject {\n    func add(_ title: String) throws\n    func unfinished() throws -> [Book]\n    func finished(since day: Date) throws -> [Book]\n    var shelfName: String { get }\n}\n")
        // A requirement names a type of Foundation, which the author imports: the generated
        // doubles must import it too.
        try ("import Foundation\n" + filled + requirements).write(toFile: source, atomically: true, encoding: .utf8)
        return folder + "/ShelfKit"
    }

    @Test func aNamedLibraryAndAProviderAndConsumerThatUseItsServiceBuildAndPassTheirTests() throws {
        let folder = try TemporaryFolder.make("uses-service")
        let library = try Self.library(in: folder)
        let suites = try String(contentsOfFile: library + "/Suites/Sources/ShelfKitSuites/ShelfKitSuites.swift", encoding: .utf8)
        #expect(suites.contains("public let readingLogSuite = ContractSuite(for: ReadingLog.self, serviceChecks: [\n])"), "\(suites)")
        #expect(suites.contains("public let shelfKitSuites: [ContractSuite] = [readingLogSuite, bookPickingSuite]"), "\(suites)")
        // The library's own gate and suites, as generated (plus the requirements above).
        #expect(try FixtureCompiler.run(["swift", "build"], in: library).status == 0)
        let cut = try FixtureCompiler.run([library + "/API/gate", "--cut"], in: library)
        #expect(cut.status == 0, "\(cut.output)")
        let gate = try FixtureCompiler.run(["swift", "test"], in: library)
        #expect(gate.status == 0, "\(gate.output)")
        let suitesBuild = try FixtureCompiler.run(["swift", "build"], in: library + "/Suites")
        #expect(suitesBuild.status == 0, "\(suitesBuild.output)")

        // The provider: its module is named after the protocol it implements, and uses the service.
        let viper = ViperProcess()
        let shelf = try viper.run(["new", "Shelf", "--contract", "ShelfKit.BookPicking", "--route", "shelf/pick", "--uses", "ShelfKit.ReadingLog", "--dir", folder])
        #expect(shelf.status == 0, "\(shelf.stderr)")
        #expect(shelf.stdout.contains("the BookPicking module"), "\(shelf.stdout)")
        #expect(shelf.stdout.contains("It uses ShelfKit.ReadingLog: the builder lists and receives it"), "\(shelf.stdout)")
        // A second module that uses the service and a Contracts service, given the kit's double in its tests.
        let added = try viper.run(["new", "module", "Progress", "--in", folder + "/Shelf", "--route", "shelf/progress", "--uses", "ShelfKit.ReadingLog,Clock"])
        #expect(added.status == 0, "\(added.stderr)")
        let progress = try String(contentsOfFile: folder + "/Shelf/Sources/ShelfPlugin/Progress/ProgressBuilder.swift", encoding: .utf8)
        #expect(progress.contains("static let dependencies = Dependencies(ReadingLog.self, Clock.self)"), "\(progress)")
        #expect(progress.contains("with services: (any ReadingLog, any Clock)) throws -> BuiltModule {"), "\(progress)")
        #expect(progress.contains("let (readingLog, clock) = services"), "\(progress)")
        let progressTests = try String(contentsOfFile: folder + "/Shelf/Tests/ShelfPluginTests/ProgressPresenterTests.swift", encoding: .utf8)
        #expect(progressTests.contains("func makeProgressInteractor(readingLog: any ReadingLog = FakeReadingLog(), clock: any Clock = FixedClock()) -> ProgressInteractor {"), "\(progressTests)")
        let plugin = folder + "/Shelf/Sources/ShelfPlugin/"
        let builder = try String(contentsOfFile: plugin + "BookPicking/BookPickingBuilder.swift", encoding: .utf8)
        #expect(builder.contains("static let dependencies = Dependencies(ReadingLog.self)"), "\(builder)")
        #expect(builder.contains("func build(_ context: any ModuleContext, with readingLog: any ReadingLog) throws -> BuiltModule {"), "\(builder)")
        #expect(builder.contains("let interactor = BookPickingInteractor(readingLog: readingLog)"), "\(builder)")
        let registration = try String(contentsOfFile: plugin + "ShelfPlugin.swift", encoding: .utf8)
        #expect(registration.contains("registrar.registerModule(BookPicking.self, route: RouteSpec(\"shelf/pick\", summary: \"BookPicking\"),"), "\(registration)")
        let fake = try String(contentsOfFile: folder + "/Shelf/Tests/ShelfPluginTests/Spies/FakeReadingLog.swift", encoding: .utf8)
        #expect(fake.contains("final class FakeReadingLog: ReadingLog {") && fake.contains("func unfinished() throws -> [Book] {"), "\(fake)")
        #expect(fake.hasPrefix("import Contracts\nimport Foundation\nimport ShelfKit\n"), "\(fake)")
        let built = try FixtureCompiler.run(["swift", "build"], in: folder + "/Shelf")
        #expect(built.status == 0, "\(built.output)")
        let tested = try FixtureCompiler.run(["swift", "test"], in: folder + "/Shelf")
        #expect(tested.status == 0, "\(tested.output)")
        #expect(tested.output.contains("thePluginKeepsTheConformanceKitAndItsContractsSuite() passed"), "\(tested.output)")


        // The consumer: routes to the picker and uses the service.
        let goals = try viper.run(["new", "Goals", "--routes-to", "ShelfKit.BookPicking", "--uses", "ShelfKit.ReadingLog", "--dir", folder])
        #expect(goals.status == 0, "\(goals.stderr)")
        let routed = try String(contentsOfFile: folder + "/Goals/Sources/GoalsPlugin/Goals/GoalsBuilder.swift", encoding: .utf8)
        #expect(routed.contains("with readingLog: any ReadingLog, routes bookPicking: ModuleRoute<any BookPicking>) throws"), "\(routed)")
        let consumer = try FixtureCompiler.run(["swift", "test"], in: folder + "/Goals")
        #expect(consumer.status == 0, "\(consumer.output)")
        #expect(consumer.output.contains("theRouterPushesBookPickingByItsTypedRoute() passed"), "\(consumer.output)")

        // A blank plugin that uses the service, with the double handed to its one interactor helper.
        let tally = try viper.run(["new", "Tally", "--uses", "ShelfKit.ReadingLog", "--dir", folder])
        #expect(tally.status == 0, "\(tally.stderr)")
        let helper = try String(contentsOfFile: folder + "/Tally/Tests/TallyPluginTests/TallyPresenterTests.swift", encoding: .utf8)
        #expect(helper.contains("func makeTallyInteractor(readingLog: any ReadingLog = FakeReadingLog()) -> TallyInteractor {"), "\(helper)")
        // A module added later that uses a service no plugin provides: the plugin's first
        // conformance test, which builds every module, registers the kit's double too.
        let notes = try viper.run(["new", "module", "Notes", "--in", folder + "/Tally", "--uses", "NoteStore"])
        #expect(notes.status == 0, "\(notes.stderr)")
        #expect(notes.stdout.contains("The plugin's other conformance tests register the doubles too."), "\(notes.stdout)")
        let first = try String(contentsOfFile: folder + "/Tally/Tests/TallyPluginTests/TallyConformanceTests.swift", encoding: .utf8)
        #expect(first.contains("services.register(ReadingLog.self, instance: FakeReadingLog())\n"), "\(first)")
        #expect(first.contains("services.register(NoteStore.self, instance: MemoryNoteStore())\n"), "\(first)")
        let blank = try FixtureCompiler.run(["swift", "test"], in: folder + "/Tally")
        #expect(blank.status == 0, "\(blank.output)")
        #expect(blank.output.contains("Suite NotesConformanceTests passed"), "\(blank.output)")
    }
}

/// `--name`, `--uses`, `--service` and `--screen` where they do not belong: one line naming what goes with what.
@Suite struct ServiceUsesOptionTests {
    @Test(arguments: [
        (["new", "Shelf", "--uses", "ReadingLog", "--dir", "DIR"], "--uses takes LIBRARY.PROTOCOL"),
        (["new", "Shelf", "--uses", "Clock,Clock", "--dir", "DIR"], "--uses names Clock twice"),
        (["new", "service", "Shelf", "--uses", "ShelfKit.ReadingLog", "--dir", "DIR"], "--uses goes with 'viper new NAME' or 'viper new module NAME --in PATH'"),
        (["new", "Shelf", "--example", "--uses", "ShelfKit.ReadingLog", "--dir", "DIR"], "not with --example"),
        (["new", "Shelf", "--name", "Picker", "--dir", "DIR"], "--name names the module of 'viper new NAME --contract LIBRARY.PROTOCOL'"),
        (["new", "Shelf", "--service", "ReadingLog", "--dir", "DIR"], "--service and --screen name the protocols of 'viper new NAME --contract-library'"),
        (["new", "ShelfKit", "--contract-library", "--service", "readingLog", "--dir", "DIR"], "--service/--screen readingLog: give a protocol's type name"),
        (["new", "ShelfKit", "--contract-library", "--service", "Log", "--screen", "Log", "--dir", "DIR"], "name Log twice"),
        (["new", "ShelfKit", "--contract-library", "--example", "--service", "Log", "--dir", "DIR"], "choose one"),
    ])
    func aMisplacedOptionIsRefusedWithWhatGoesWithIt(arguments: [String], expected: String) throws {
        let folder = try TemporaryFolder.make("uses-options")
        let run = try ViperProcess().run(arguments.map { $0 == "DIR" ? folder : $0 })
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing is written")
    }

    /// A plugin that uses a service another plugin provides is loaded from the user folder only
    /// once trusted, so its printed steps trust it before they open it; one that uses only the
    /// host's clock and logger is not told to.
    @Test func theNextStepsOfAPluginUsingAnotherPluginsServiceTrustItBeforeOpeningIt() throws {
        let folder = try TemporaryFolder.make("uses-next-steps")
        let viper = ViperProcess()
        let made = try viper.run(["new", "Jot", "--uses", "NoteStore", "--dir", folder])
        #expect(made.status == 0, "\(made.output)")
        let steps = made.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let trust = try #require(steps.firstIndex { $0.hasSuffix("plugins --trust jot") }, "\(made.stdout)")
        let open = try #require(steps.firstIndex { $0.hasSuffix("-c \"open jot\"") }, "\(made.stdout)")
        #expect(trust < open, "\(made.stdout)")
        let plain = try viper.run(["new", "Stamp", "--uses", "Clock", "--dir", folder])
        #expect(plain.status == 0, "\(plain.output)")
        #expect(!plain.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("plugins --trust stamp") }, "\(plain.stdout)")
    }

    @Test func aPluginOfALibrarysContractTakesItsModulesNameFromTheProtocolOrFromName() throws {
        let folder = try TemporaryFolder.make("contract-module-name")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        #expect(try viper.run(["new", "Contacts", "--contract", "ContactsKit.ContactsKitScreen", "--dir", folder]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/Contacts/Sources/ContactsPlugin/ContactsKitScreen/ContactsKitScreenBuilder.swift"))
        #expect(FileManager.default.fileExists(atPath: folder + "/Contacts/Tests/ContactsPluginTests/ContactsKitScreenPresenterTests.swift"))
        let plugin = try String(contentsOfFile: folder + "/Contacts/Sources/ContactsPlugin/ContactsPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("package enum ContactsPlugin: Plugin {"), "\(plugin)")
        #expect(plugin.contains("RouteSpec(\"contacts\", summary: \"ContactsKitScreen\"),\n                                 builder: ContactsKitScreenBuilder())"), "\(plugin)")
        #expect(try viper.run(["new", "Chooser", "--contract", "ContactsKit.ContactsKitScreen", "--name", "Picker", "--dir", folder]).status == 0)
        let named = try String(contentsOfFile: folder + "/Chooser/Sources/ChooserPlugin/ChooserPlugin.swift", encoding: .utf8)
        #expect(named.contains("RouteSpec(\"chooser\", summary: \"Picker\"),\n                                 builder: PickerBuilder())"), "\(named)")
        let tests = try String(contentsOfFile: folder + "/Chooser/Tests/ChooserPluginTests/PickerConformanceTests.swift", encoding: .utf8)
        #expect(tests.contains("@testable import ChooserPlugin") && tests.contains("Conformance.check(ChooserPlugin.self"), "\(tests)")
    }
}
