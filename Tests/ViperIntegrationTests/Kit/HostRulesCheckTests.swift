import Foundation
import Testing
import ViperTestSupport

/// `viper check` reports what the host would refuse or drop when the plugin meets the
/// bundled plugins: a route another plugin declares, a route or command the shell
/// reserves, a name another plugin uses.
@Suite(.tags(.slow)) struct HostRulesCheckTests {
    private func check(_ library: String) throws -> ViperProcess.Result {
        try ViperProcess().run(["check", library])
    }

    private var notes: String { BuildProducts.directory + "/libNotesPlugin.so" }

    @Test func aRouteABundledPluginDeclaresFailsTheRouteCheck() throws {
        let plugin = try Fixtures.route("notes", plugin: "fixture-notes", module: "RouteNotes")
        let result = try check(plugin)
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [DeclaredScreen] route: route 'notes' is already declared by bundled plugin 'notes' (\(notes), module Contracts.NoteListing) as 'notes'; the host gives it to only one of them; choose another route\n"),
                "\(result.stdout)")
        #expect(result.stdout.contains("pass  [OwnScreen] route: 'fixture-notes'\n"), "\(result.stdout)")
        #expect(result.stdout.contains("pass  [plugin] plugin-name\n"), "\(result.stdout)")
    }

    @Test func aRouteNamedLikeAShellCommandFailsTheRouteCheck() throws {
        let plugin = try Fixtures.route("open", plugin: "fixture-open", module: "RouteOpen")
        let result = try check(plugin)
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [DeclaredScreen] route: the host refuses route 'open': 'open' is a shell command (open, present, root, back, close, dismiss, home, where, routes, graph, plugins, doctor, profile, reload, help, quit, exit); choose another name\n"),
                "\(result.stdout)")
    }

    @Test func anEmptyOrInvalidRouteFailsTheRouteCheck() throws {
        let empty = try check(try Fixtures.route("", plugin: "fixture-empty", module: "RouteEmpty"))
        #expect(empty.stdout.contains("fail  [DeclaredScreen] route: the host refuses route '': the route is empty; give it a name such as 'notes'\n"),
                "\(empty.stdout)")
        let invalid = try check(try Fixtures.route("notes//x", plugin: "fixture-slashes", module: "RouteSlashes"))
        #expect(invalid.stdout.contains("fail  [DeclaredScreen] route: the host refuses route 'notes//x': 'notes//x' is not a valid path: it has an empty segment; separate names with single '/', none at either end\n"),
                "\(invalid.stdout)")
    }

    @Test func aNameABundledPluginUsesFailsThePluginNameCheck() throws {
        let plugin = try Fixtures.route("elsewhere", plugin: "notes", module: "RouteNotesName")
        let result = try check(plugin)
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [plugin] plugin-name: another plugin, at \(notes), is already named 'notes'; viper loads only one of the two; give this plugin another name in its manifest\n"),
                "\(result.stdout)")
    }

    @Test func aPluginFromPluginsIsAlsoComparedAgainst() throws {
        let first = try Fixtures.route("shared", plugin: "fixture-first", module: "RouteFirst")
        let second = try Fixtures.route("shared", plugin: "fixture-second", module: "RouteSecond")
        let result = try ViperProcess().run(["check", second, "--plugins", first])
        #expect(result.stdout.contains("fail  [DeclaredScreen] route: route 'shared' is already declared by plugin 'fixture-first' (\(first), module RouteFirst.DeclaredScreen) as 'shared';"),
                "\(result.stdout)")
    }

    @Test func doctorReportsTheSameNameAndRouteProblemsForThePluginsItFinds() throws {
        let named = try Fixtures.route("elsewhere", plugin: "notes", module: "RouteNotesName")
        let routed = try Fixtures.route("shared", plugin: "fixture-second", module: "RouteSecond")
        let first = try Fixtures.route("shared", plugin: "fixture-first", module: "RouteFirst")
        let result = try ViperProcess().run(["doctor", "--plugins", named, "--plugins", first, "--plugins", routed])
        #expect(result.status == 1)
        // The bundled plugin keeps its name; the drop-in that takes it is the one refused.
        #expect(result.stdout.contains("problem: \(named): the name 'notes' belongs to the bundled plugin at \(notes); give this plugin another name in its PluginManifest\n"),
                "\(result.stdout)")
        #expect(result.stdout.contains("problem: \(routed): plugin 'fixture-second' does not get route 'shared' (module RouteSecond.DeclaredScreen): 'fixture-first' (\(first)) also declares it and keeps it because it was found first; choose one with --prefer shared=NAME, or remove one\n"),
                "\(result.stdout)")
    }

    @Test func aCommandNamedLikeAShellCommandFailsAndBuiltModuleWithOnlyTheViewIsWired() throws {
        let plugin = try Fixtures.swift("Culprits/ReservedCommandPlugin.swift", module: "ReservedCommandPlugin")
        let result = try check(plugin)
        #expect(result.status == 1)
        // One failure, the kit's `commands` line; `command-names` points to it.
        let failures: [String] = result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("fail  [ReservedScreen]") }
        let expected: String = "fail  [ReservedScreen] commands: command 'open' is the shell's own (back, doctor, exit, graph, help, home, open, "
            + "plugins, present, quit, reload, root, routes, where): the shell runs its own and never passes 'open' to the module, so the "
            + "module's command is silently hidden; rename it (for example 'open-item')"
        #expect(failures == [expected], "\(result.stdout)")
        #expect(result.stdout.contains("n/a   [ReservedScreen] command-names: command 'open' is the shell's own: failed once, on the commands line above, with the fix\n"),
                "\(result.stdout)")
        #expect(result.stdout.contains("pass  [ReservedScreen] wired\n"), "\(result.stdout)")
        #expect(result.stdout.contains("pass  [ReservedScreen] route: 'reserved'\n"), "\(result.stdout)")
    }
}
