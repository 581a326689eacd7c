import Contracts
import Testing
@testable import ViperCore
import ViperCoreTestSupport
@testable import ViperRuntime

/// The route rules and route conflicts, on hand-made descriptors: no plugin is loaded.
@Suite struct RouteValidationTests {
    // MARK: Helpers

    private func module(_ contract: String, route: String, query: [String] = []) -> Provision {
        Provision(kind: .module, contract: ContractID(contract), route: RouteSpec(route, summary: contract, query: query))
    }

    private func node(_ name: String, _ provides: [Provision], bundled: Bool = false) -> GraphValidator.Node {
        GraphValidator.Node(name: name, path: "/plugins/lib\(name).so",
                            descriptor: PluginDescriptor(manifest: PluginManifest(name: name, version: "1.0.0", summary: ""),
                                                         contractsVersion: .current, provides: provides),
                            isBundled: bundled)
    }

    private func validate(_ nodes: [GraphValidator.Node], preferences: [String: String] = [:]) -> GraphValidator.Outcome {
        let choices = preferences.mapValues { ProviderChoice(plugin: $0, source: "--prefer") }
        return GraphValidator(nodes: nodes, hostProvides: HostRuntime.hostProvisions, preferences: choices).validate()
    }

    private func problem(_ pattern: String, query: [String] = []) -> String? {
        RouteRule.problem(with: RouteSpec(pattern, summary: "", query: query))
    }

    // MARK: Rules

    @Test(arguments: ["notes", "notes/:id", "notes/:id/edit", "todo/add", "bench/bench-0042", "a_b/c-1"])
    func aPlainPathIsARoute(pattern: String) {
        #expect(problem(pattern) == nil)
    }

    @Test func everyShellCommandIsRefusedAsARouteNameEvenWithMoreSegments() {
        for command in BuiltinCommand.allCases {
            #expect(problem(command.rawValue)?.hasPrefix("'\(command.rawValue)' is a shell command (open, present, root, back,") == true)
            #expect(problem(command.rawValue + "/:id") != nil)
        }
        #expect(problem("notes/help") == nil, "only the first segment is the route's name")
    }

    @Test func anEmptyRouteIsRefused() {
        #expect(problem("") == "the route is empty; give it a name such as 'notes'")
        #expect(problem("/") == "the route is empty; give it a name such as 'notes'")
    }

    @Test func aPathTheShellCannotMatchIsRefusedWithTheRuleItBreaks() {
        #expect(problem("notes//edit") == "'notes//edit' is not a valid path: it has an empty segment; separate names with single '/', none at either end")
        #expect(problem("/notes") != nil)
        #expect(problem(":id") == "':id' starts with a parameter, so it would catch any path; begin it with a name, e.g. 'notes/:id'")
        #expect(problem("my notes") == "'my notes' is not a valid path: 'my notes' may use only lower-case letters a-z, digits, '-' and '_'")
        #expect(problem("nоtes") != nil, "a Cyrillic о is not an o")
        #expect(problem("Notes") != nil)
        #expect(problem("notes.v2") != nil, "a '.' would make '--prefer notes.v2=…' read as a contract")
        #expect(problem("notes?x=1") != nil)
        #expect(problem("notes/:") == "'notes/:' is not a valid path: parameter ':' needs a name of letters, digits and '_', e.g. ':id'")
        #expect(problem("notes/:id/:id") == "'notes/:id/:id' declares parameter 'id' twice; give each parameter its own name")
        #expect(problem("notes/:id", query: ["id"]) != nil)
        #expect(problem("notes", query: ["a b"]) == "'notes' has query parameter 'a b': use letters, digits and '_', starting with a letter")
    }

    @Test func routesOfOneShapeMatchTheSamePaths() {
        #expect(RouteRule.shape("notes/:id") == RouteRule.shape("notes/:key"))
        #expect(RouteRule.shape("notes/:id") != RouteRule.shape("notes/new"))
    }

    // MARK: The graph

    @Test func aRefusedRouteCostsThePluginOnlyThatRoute() {
        let outcome = validate([node("sly", [module("Sly.Help", route: "help"), module("Sly.Home", route: "sly")])])
        #expect(outcome.disabled.isEmpty)
        #expect(outcome.routeOwners == ["sly": "sly"])
        #expect(outcome.problems.map(\.message) == [
            "/plugins/libsly.so: plugin 'sly' cannot have route 'help' (module Sly.Help): 'help' is a shell command (open, present, root, back, close, dismiss, home, where, routes, graph, plugins, doctor, profile, reload, help, quit, exit); choose another name; its other registrations keep working",
        ])
        #expect(outcome.problems.map(\.kind) == [.badRoute])
    }

    @Test func aRouteWithControlCharactersIsRefusedInOneLine() {
        let outcome = validate([node("sly", [module("Sly.Home", route: "\t\n")])])
        #expect(outcome.problems.map(\.message) == [
            "/plugins/libsly.so: plugin 'sly' cannot have route '     ' (module Sly.Home): '     ' is not a valid path: '     ' may use only lower-case letters a-z, digits, '-' and '_'; its other registrations keep working",
        ])
    }

    @Test func aBundledPluginKeepsItsRouteAgainstADropInFoundFirst() {
        let outcome = validate([
            node("dropin", [module("Dropin.Screen", route: "notes")]),
            node("notes", [module("Contracts.NoteListing", route: "notes")], bundled: true),
        ])
        #expect(outcome.routeOwners == ["notes": "notes"])
        #expect(outcome.problems.map(\.message) == [
            "/plugins/libdropin.so: plugin 'dropin' does not get route 'notes' (module Dropin.Screen): 'notes' (/plugins/libnotes.so) also declares it and keeps it because it is bundled with viper; choose one with --prefer notes=NAME, or remove one",
        ])
        #expect(outcome.problems.map(\.kind) == [.duplicateRoute])
        #expect(outcome.disabled.isEmpty)
    }

    @Test func betweenDropInsTheFirstFoundKeepsARouteOfTheSameShape() {
        let outcome = validate([
            node("first", [module("First.Item", route: "items/:id")]),
            node("second", [module("Second.Item", route: "items/:key")]),
        ])
        #expect(outcome.routeOwners == ["items/:": "first"])
        #expect(outcome.problems.map(\.message).first?.hasSuffix("'first' (/plugins/libfirst.so) also declares it and keeps it because it was found first; choose one with --prefer items/:id=NAME, or remove one") == true)
    }

    @Test func theUsersChoiceKeepsTheRouteWithoutAProblem() {
        let nodes = [node("dropin", [module("Dropin.Screen", route: "notes")]),
                     node("notes", [module("Contracts.NoteListing", route: "notes")], bundled: true)]
        let outcome = validate(nodes, preferences: ["notes": "dropin"])
        #expect(outcome.routeOwners == ["notes": "dropin"])
        #expect(outcome.problems.isEmpty)
    }

    @Test func aRouteChoiceOfAPluginThatDoesNotDeclareItIsReported() {
        let nodes = [node("a", [module("A.Screen", route: "shared")]), node("b", [module("B.Screen", route: "shared")])]
        let outcome = validate(nodes, preferences: ["shared": "c", "nowhere": "a"])
        #expect(outcome.problems.map(\.message) == [
            "--prefer: chooses 'a' to keep route 'nowhere', but no enabled plugin declares that route; remove the choice, or fix the name (a contract is written Module.Name, e.g. Contracts.NoteEditing)",
            "--prefer: chooses 'c' to keep route 'shared', but 'c' does not declare it; choose one of: a, b",
            "/plugins/libb.so: plugin 'b' does not get route 'shared' (module B.Screen): 'a' (/plugins/liba.so) also declares it and keeps it because it was found first; choose one with --prefer shared=NAME, or remove one",
        ])
        #expect(outcome.routeOwners == ["shared": "a"])
    }

    @Test func aDropInThatReplacesTheModuleContractTakesTheRouteWithIt() {
        let outcome = validate([
            node("dropin", [module("Contracts.NoteListing", route: "notes")]),
            node("notes", [module("Contracts.NoteListing", route: "notes")], bundled: true),
        ])
        #expect(outcome.routeOwners == ["notes": "dropin"])
        #expect(outcome.problems.map(\.kind) == [.duplicateProvider], "the contract's duplicate is reported, not the route")
    }

    @Test func aPluginThatDeclaresOneRouteTwiceKeepsTheFirst() {
        let outcome = validate([node("twice", [module("Twice.A", route: "twice"), module("Twice.B", route: "twice")])])
        #expect(outcome.routeOwners == ["twice": "twice"])
        #expect(outcome.problems.map(\.message) == [
            "/plugins/libtwice.so: plugin 'twice' declares route 'twice' for Twice.A and again for Twice.B; only Twice.A has it; give each module its own route",
        ])
    }

    // MARK: The registry

    @Test func theRegistryRefusesARouteAtRegistrationAsWellAsTheOneAnotherPluginKeeps() {
        let registry = Registry()
        registry.assignRoutes(["notes": "notes"])
        let sly = RecordingRegistrar(plugin: "sly")
        sly.registerModule(SlyHelp.self, name: nil, route: RouteSpec("help", summary: ""), requires: [], builder: NoBuilder())
        sly.registerModule(SlyNotes.self, name: nil, route: RouteSpec("notes", summary: ""), requires: [], builder: NoBuilder())
        sly.registerModule(SlyHome.self, name: nil, route: RouteSpec("sly", summary: ""), requires: [], builder: NoBuilder())
        registry.commit(sly)
        #expect(registry.routeEntries.map(\.spec.pattern) == ["sly"])
        #expect(registry.moduleRegistration(contract: ContractID(SlyHelp.self), name: nil) != nil,
                "the module stays reachable by contract")
    }

    @Test func aDisabledPluginsRefusedRouteIsNotOfferedAsAReason() {
        let registry = Registry()
        let entries = ["help", "sly"].map { RouteEntry(spec: RouteSpec($0, summary: ""), contract: ContractID("Sly.\($0)"), name: nil, plugin: "sly") }
        registry.addUnavailableRoutes(entries, reason: "plugin 'sly' is disabled")
        #expect(registry.unavailableRouteEntries.map(\.route.spec.pattern) == ["sly"])
    }
}

private protocol SlyHelp: AnyObject {}
private protocol SlyNotes: AnyObject {}
private protocol SlyHome: AnyObject {}

private final class NoBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        throw CommandError("not built in these tests")
    }
}

/// The one-pass check accepts exactly the routes of plain names (no parameter, no query, not a
/// shell command); everything else, valid or not, goes on to the full check and its reasons.
@Suite struct PlainRouteTests {
    static let patterns = [
        "notes", "todo/add", "bench/bench-0042", "a_b/c-d/9", "notes/:id", "", "/", "notes/", "/notes",
        "notes//add", "help", "open/x", "Notes", "nötes", "my notes", "a.b", ":id", "x/:", "where",
    ]

    @Test(arguments: patterns)
    func aPlainRouteIsOneTheFullCheckAccepts(_ pattern: String) {
        let spec = RouteSpec(pattern, summary: "")
        let plainPatterns: Set<String> = ["notes", "todo/add", "bench/bench-0042", "a_b/c-d/9"]
        #expect(RouteRule.isPlainRoute(spec) == plainPatterns.contains(pattern), "\(pattern)")
    }

    @Test func aQueryMakesARouteNotPlain() {
        #expect(!RouteRule.isPlainRoute(RouteSpec("hello", summary: "", query: ["name"])))
        #expect(RouteRule.problem(with: RouteSpec("hello", summary: "", query: ["name"])) == nil)
    }
}
