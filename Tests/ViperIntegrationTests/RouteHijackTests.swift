import Foundation
import Testing
import ViperHostTestSupport
@testable import ViperRuntime
import ViperTestSupport

/// Routes cannot be hijacked, with real compiled plugins: `viper` as a user runs it
/// (descriptors scanned in a child process, plugins loaded on first use), and a
/// runtime that loads in process (routes checked again as they are registered).
@Suite struct RouteHijackTests {
    /// A refused route: what the plugin declares, and the rule the problem names.
    struct Refusal: CustomTestStringConvertible, Sendable {
        let route: String
        let plugin: String
        let module: String
        let rule: String
        var testDescription: String { "route '\(route)'" }
    }

    static let refusals = [
        Refusal(route: "where", plugin: "fixture-where", module: "RouteWhere", rule: "'where' is a shell command (open, present, root, back, close, dismiss, home, where, routes, graph, plugins, doctor, profile, reload, help, quit, exit); choose another name"),
        Refusal(route: "", plugin: "fixture-empty", module: "RouteEmpty", rule: "the route is empty; give it a name such as 'notes'"),
        Refusal(route: "my notes/:id", plugin: "fixture-spaced", module: "RouteSpaced", rule: "'my notes/:id' is not a valid path: 'my notes' may use only lower-case letters a-z, digits, '-' and '_'"),
    ]

    @Test(arguments: refusals)
    func aRefusedRouteIsADoctorProblemAndThePluginsOtherRouteStillOpens(_ refusal: Refusal) throws {
        let plugin = try Fixtures.route(refusal.route, plugin: refusal.plugin, module: refusal.module)
        let viper = ViperProcess()
        let doctor = try viper.run(["doctor", "--plugins", plugin])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("problem: \(plugin): plugin '\(refusal.plugin)' cannot have route '\(refusal.route)' (module \(refusal.module).DeclaredScreen): \(refusal.rule); its other registrations keep working\n"), "\(doctor.stdout)")

        let session = try viper.run(["--plugins", plugin], input: "routes\nopen \(refusal.route)\nopen \(refusal.plugin)\nquit\n")
        #expect(!session.stdout.contains("declared by \(refusal.plugin)"), "the refused route is not listed: \(session.stdout)")
        #expect(!session.stdout.contains("declared route of \(refusal.plugin)"), "nor does it open: \(session.stdout)")
        #expect(session.stdout.contains("own route of \(refusal.plugin)"), "\(session.stdout)")
    }

    @Test func aDropInCannotTakeTheNameOfABundledPlugin() throws {
        let plugin = try Fixtures.route("dropin", plugin: "notes", module: "NamedNotes")
        let viper = ViperProcess()
        let reason = "the name 'notes' belongs to the bundled plugin at \(BuildProducts.plugin("Notes")); give this plugin another name in its PluginManifest"
        let doctor = try viper.run(["doctor", "--plugins", plugin])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("problem: \(plugin): \(reason)\n"), "\(doctor.stdout)")
        let session = try viper.run(["--plugins", plugin, "-c", "open notes; open dropin"])
        #expect(session.stdout.contains("── Home › Notes ─"), "the bundled Notes keeps its name and route: \(session.stdout)")
        #expect(!session.stdout.contains("declared route of notes"), "\(session.stdout)")
    }

    @Test(arguments: refusals)
    func aRefusedRouteIsRefusedWhenThePluginRegistersInProcess(_ refusal: Refusal) throws {
        let plugin = try Fixtures.route(refusal.route, plugin: refusal.plugin, module: refusal.module)
        let runtime = try TestRuntime.make(plugins: [plugin])
        #expect(runtime.record(named: refusal.plugin)?.status == .loaded)
        #expect(runtime.problems.map(\.kind) == [.badRoute])
        #expect(runtime.registry.routeEntries.map(\.spec.pattern) == [refusal.plugin])
    }

    // MARK: Two plugins, one route

    @Test func theBundledNotesKeepsNotesUntilTheUserPrefersTheDropIn() throws {
        let dropIn = try Fixtures.route("notes", plugin: "fixture-notes", module: "RouteNotes")
        let viper = ViperProcess()
        let bundledNotes = BuildProducts.plugin("Notes")

        let doctor = try viper.run(["doctor", "--plugins", dropIn])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("problem: \(dropIn): plugin 'fixture-notes' does not get route 'notes' (module RouteNotes.DeclaredScreen): 'notes' (\(bundledNotes)) also declares it and keeps it because it is bundled with viper; choose one with --prefer notes=NAME, or remove one\n"), "\(doctor.stdout)")
        let unchosen = try viper.run(["--plugins", dropIn], input: "open notes\nquit\n")
        #expect(unchosen.stdout.contains("Home › Notes"), "\(unchosen.stdout)")
        #expect(!unchosen.stdout.contains("declared route of fixture-notes"), "\(unchosen.stdout)")

        let preferred = ["--prefer", "notes=fixture-notes", "--plugins", dropIn]
        let chosen = try DoctorReport.decode(try viper.run(["doctor", "--json"] + preferred).stdout)
        #expect(chosen.problems.map(\.message).filter { $0.contains("fixture-notes") }.isEmpty)
        let opened = try viper.run(preferred, input: "open notes\nquit\n")
        #expect(opened.stdout.contains("declared route of fixture-notes"), "\(opened.stdout)")

        // The same choice kept in config.json.
        try Data(#"{"providers": {"notes": "fixture-notes"}}"#.utf8)
            .write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        let configured = try viper.run(["--plugins", dropIn], input: "open notes\nquit\n")
        #expect(configured.stdout.contains("declared route of fixture-notes"), "\(configured.stdout)")
    }

    @Test func aRouteChoiceOfAPluginThatDoesNotDeclareItIsReportedWhereItWasMade() throws {
        let dropIn = try Fixtures.route("notes", plugin: "fixture-notes", module: "RouteNotes")
        let result = try ViperProcess().run(["doctor", "--prefer", "notes=fixture-other", "--plugins", dropIn])
        #expect(result.status == 1)
        #expect(result.stdout.contains("problem: --prefer notes=fixture-other: chooses 'fixture-other' to keep route 'notes', but 'fixture-other' does not declare it; choose one of: fixture-notes, notes\n"), "\(result.stdout)")
    }

    // MARK: The log

    @Test func aPluginsLoggedErrorReachesTheTerminalAsOneCleanLine() throws {
        let plugin = try Fixtures.route("loud", plugin: "fixture-loud", module: "RouteLoud")
        let viper = ViperProcess()
        let session = try viper.run(["--plugins", plugin], input: "open fixture-loud\nquit\n")
        #expect(session.stdout.contains("own route of fixture-loud"), "\(session.stdout)")
        let echoed = session.stderr.split(separator: "\n").filter { $0.contains("forged by") }
        #expect(echoed == ["viper: error: [fixture-loud[31m] [2Jcleared viper: error: [host] forged by fixture-loud"], "\(session.stderr)")
        #expect(!session.stderr.contains("\u{1B}"))

        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        let entries = log.split(separator: "\n").filter { $0.contains("fixture-loud") && $0.contains("cleared") }
        #expect(entries.count == 1, "\(log)")
        #expect(entries.first?.hasSuffix(#" error [fixture-loud\u{1b}[31m] \u{1b}[2Jcleared\nviper: error: [host] forged by fixture-loud"#) == true, "\(log)")
        #expect(!log.contains("\u{1B}"))
    }
}
