import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// The start-up check on hand-made descriptors: no plugin is loaded.
@Suite struct GraphValidatorTests {
    // MARK: Helpers

    private func service(_ contract: String, name: String? = nil, requires: [Requirement] = []) -> Provision {
        Provision(kind: .service, contract: ContractID(contract), name: name, requires: requires)
    }

    private func module(_ contract: String, requires: [Requirement] = []) -> Provision {
        Provision(kind: .module, contract: ContractID(contract), route: RouteSpec(contract.lowercased().replacingOccurrences(of: ".", with: "/"), summary: contract), requires: requires)
    }

    private func adapter(_ required: String, from provided: String) -> Provision {
        Provision(kind: .adapter, contract: ContractID(required), adaptedFrom: ContractID(provided))
    }

    private func needs(_ contract: String, name: String? = nil) -> Requirement {
        Requirement(kind: .service, contract: ContractID(contract), name: name)
    }

    private func needsModule(_ contract: String) -> Requirement {
        Requirement(kind: .module, contract: ContractID(contract))
    }

    private func node(_ name: String, _ provides: [Provision]) -> GraphValidator.Node {
        GraphValidator.Node(name: name, path: "/plugins/lib\(name).so",
                            descriptor: PluginDescriptor(manifest: PluginManifest(name: name, version: "1.0.0", summary: ""),
                                                         contractsVersion: .current, provides: provides))
    }

    private func validate(_ nodes: [GraphValidator.Node], preferences: [String: ProviderChoice] = [:]) -> GraphValidator.Outcome {
        GraphValidator(nodes: nodes, hostProvides: HostRuntime.hostProvisions, preferences: preferences).validate()
    }

    // MARK: Missing providers

    @Test func aRequirementNobodyProvidesDisablesOnlyThatPlugin() {
        let outcome = validate([
            // Storage.Store comes from another module than the plugin's own (whose missing
            // registration gets its own advice: CulpritMessageTests).
            node("notes", [module("Notes.List", requires: [needs("Storage.Store")])]),
            node("todo", [module("Todo.List", requires: [needs("Contracts.Clock")])]),
        ])
        #expect(outcome.disabled == ["notes": "Notes.List requires Storage.Store, which no plugin provides; install a plugin that provides it"])
        #expect(outcome.problems.map(\.message) == [
            "/plugins/libnotes.so: plugin 'notes' is disabled: Notes.List requires Storage.Store, which no plugin provides; install a plugin that provides it",
        ])
        #expect(outcome.problems.first?.kind == .missingProvider)
        #expect(outcome.problems.first?.contract == "Storage.Store")
    }

    @Test func aProviderThatIsItselfDisabledIsNamedWithItsReasonAsAChain() {
        let outcome = validate([
            node("ui", [module("UI.Screen", requires: [needs("Mid.Service")])]),
            node("mid", [service("Mid.Service", requires: [needs("Low.Service")])]),
            node("low", [service("Low.Service", requires: [needs("Nowhere.Thing")])]),
        ])
        let low = "Low.Service requires Nowhere.Thing, which no plugin provides; install a plugin that provides it"
        let mid = "Mid.Service requires Low.Service → provided only by 'low', which is disabled: \(low)"
        #expect(outcome.disabled["low"] == low)
        #expect(outcome.disabled["mid"] == mid)
        #expect(outcome.disabled["ui"] == "UI.Screen requires Mid.Service → provided only by 'mid', which is disabled: \(mid)")
        #expect(outcome.problems.count == 3, "each problem is reported once")
    }

    @Test func hostServicesSatisfyRequirementsAndWinOverAPluginThatRegistersThemToo() {
        let outcome = validate([
            node("clocky", [service("Contracts.Clock"), module("Clocky.Face", requires: [needs("Contracts.Clock"), needs("Contracts.DatabaseOpening")])]),
        ])
        #expect(outcome.problems.isEmpty)
        #expect(outcome.overridden["clocky"] == ["Contracts.Clock"])
        #expect(outcome.dependencies.map(\.providedBy) == ["host", "host"])
    }

    @Test func aModuleRequirementIsNotSatisfiedByAServiceOfTheSameContract() {
        let outcome = validate([
            node("list", [module("Notes.List", requires: [needsModule("Notes.Editing")])]),
            node("editor", [service("Notes.Editing")]),
        ])
        #expect(outcome.disabled["list"] == "Notes.List requires module Notes.Editing, which no plugin provides; install a plugin that provides it")
        #expect(outcome.disabled["editor"] == nil)
    }

    @Test func aNamedRequirementNeedsTheNamedRegistration() {
        let outcome = validate([
            node("feeds", [service("Feeds.Source", name: "rss")]),
            node("reader", [module("Reader.List", requires: [needs("Feeds.Source", name: "atom")])]),
            node("other", [module("Other.List", requires: [needs("Feeds.Source", name: "rss")])]),
        ])
        #expect(outcome.disabled["reader"] == "Reader.List requires Feeds.Source[atom], which no plugin provides; install a plugin that provides it")
        #expect(outcome.disabled["other"] == nil)
    }

    // MARK: Duplicates

    @Test func aContractProvidedTwiceIsServedByTheFirstFoundAndReportedUntilTheUserChooses() {
        let nodes = [node("plain", [service("Notes.Editing")]), node("markdown", [service("Notes.Editing"), service("Notes.Preview")])]
        let outcome = validate(nodes)
        #expect(outcome.disabled.isEmpty, "the later provider keeps its other registrations")
        #expect(outcome.overridden == ["markdown": ["Notes.Editing"]])
        #expect(outcome.problems.map(\.kind) == [.duplicateProvider])
        #expect(outcome.problems.first?.message == "/plugins/libmarkdown.so: plugin 'markdown' does not serve Notes.Editing: 'plain' (/plugins/libplain.so) also provides it and was found first; choose one with --prefer Notes.Editing=NAME, or remove one")

        let chosen = validate(nodes, preferences: ["Notes.Editing": ProviderChoice(plugin: "markdown", source: "--prefer Notes.Editing=markdown")])
        #expect(chosen.problems.isEmpty)
        #expect(chosen.disabled.isEmpty)
        #expect(chosen.overridden == ["plain": ["Notes.Editing"]])
    }

    @Test func theChosenProviderServesTheRequirement() {
        let outcome = validate([
            node("plain", [service("Notes.Editing")]),
            node("markdown", [service("Notes.Editing")]),
            node("notes", [module("Notes.List", requires: [needs("Notes.Editing")])]),
        ], preferences: ["Notes.Editing": ProviderChoice(plugin: "markdown", source: "/data/config.json")])
        #expect(outcome.dependencies.map(\.providedBy) == ["markdown"])
    }

    @Test func aChoiceOfAPluginThatDoesNotProvideTheContractIsReportedWhereItWasMade() {
        let outcome = validate([
            node("plain", [service("Notes.Editing")]),
            node("markdown", [service("Notes.Editing")]),
        ], preferences: [
            "Notes.Editing": ProviderChoice(plugin: "fancy", source: "--prefer Notes.Editing=fancy"),
            "Notes.Nothing": ProviderChoice(plugin: "plain", source: "/data/config.json"),
        ])
        #expect(outcome.problems.map(\.message) == [
            "--prefer Notes.Editing=fancy: chooses 'fancy' to provide Notes.Editing, but 'fancy' does not provide it; choose one of: plain, markdown",
            "/data/config.json: chooses 'plain' to provide Notes.Nothing, but no plugin provides Notes.Nothing; remove the choice, or install a plugin that provides it",
            "/plugins/libmarkdown.so: plugin 'markdown' does not serve Notes.Editing: 'plain' (/plugins/libplain.so) also provides it and was found first; choose one with --prefer Notes.Editing=NAME, or remove one",
        ])
        #expect(outcome.problems.map(\.kind) == [.badPreference, .badPreference, .duplicateProvider])
    }

    // MARK: Cycles

    @Test func servicesWhoseFactoriesNeedEachOtherAreACycle() {
        let outcome = validate([
            node("eggs", [service("Farm.Egg", requires: [needs("Farm.Chicken")])]),
            node("hens", [service("Farm.Chicken", requires: [needs("Farm.Egg")])]),
            node("breakfast", [module("Breakfast.Menu", requires: [needs("Farm.Egg")])]),
        ])
        let reason = "dependency cycle Farm.Chicken → Farm.Egg → Farm.Chicken: these services' factories need each other; break it by resolving one of them lazily, outside its factory"
        #expect(outcome.disabled["eggs"] == reason)
        #expect(outcome.disabled["hens"] == reason)
        #expect(outcome.disabled["breakfast"] == "Breakfast.Menu requires Farm.Egg → provided only by 'eggs', which is disabled: \(reason)")
        #expect(outcome.problems.map(\.kind) == [.cycle, .cycle, .missingProvider])
    }

    @Test func aServiceThatNeedsItselfIsACycle() {
        let outcome = validate([node("loop", [service("Loop.Service", requires: [needs("Loop.Service")])])])
        #expect(outcome.disabled["loop"]?.hasPrefix("dependency cycle Loop.Service → Loop.Service: ") == true)
    }

    @Test func modulesMayRouteToEachOther() {
        let outcome = validate([
            node("list", [module("Notes.List", requires: [needsModule("Notes.Editor")])]),
            node("editor", [module("Notes.Editor", requires: [needsModule("Notes.List")])]),
        ])
        #expect(outcome.problems.isEmpty)
    }

    // MARK: Adapters

    @Test func anAdapterServesARequiredServiceFromAProvidedOne() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("Notes.Editing")])]),
            node("glue", [adapter("Notes.Editing", from: "Text.Editing")]),
            node("text", [service("Text.Editing")]),
        ])
        #expect(outcome.problems.isEmpty)
        #expect(outcome.dependencies.first?.providedBy == "text")
        #expect(outcome.dependencies.first?.adaptedFrom == ContractID("Text.Editing"))
    }

    @Test func anAdapterServesARequiredModuleFromAProvidedModule() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needsModule("Notes.Editing")])]),
            node("glue", [adapter("Notes.Editing", from: "Text.Editing")]),
            node("text", [module("Text.Editing")]),
        ])
        #expect(outcome.problems.isEmpty, "an adapter of modules must not need a service")
        #expect(outcome.dependencies.first?.providedBy == "text")
    }

    @Test func anAdapterWhoseSourceNobodyProvidesIsNamedInTheReason() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("Notes.Editing")])]),
            node("glue", [adapter("Notes.Editing", from: "Text.Editing")]),
        ])
        #expect(outcome.disabled["notes"] == "Notes.List requires Notes.Editing, which no plugin provides ('glue' adapts it from Text.Editing, which no enabled plugin provides either); install a plugin that provides it")
        #expect(outcome.disabled["glue"] == nil, "an adapter without a source is inert, not broken")
    }

    @Test func aCycleThroughAnAdapterIsFound() {
        let outcome = validate([
            node("a", [service("A.Service", requires: [needs("B.Wanted")])]),
            node("glue", [adapter("B.Wanted", from: "B.Service")]),
            node("b", [service("B.Service", requires: [needs("A.Service")])]),
        ])
        #expect(outcome.disabled["a"]?.hasPrefix("dependency cycle A.Service → B.Service → A.Service") == true)
        #expect(outcome.disabled["b"] != nil)
    }

    // MARK: Chains of adapters (the same ServingPath the registry follows: ServingPathTests)

    @Test func aChainOfTwoAdaptersServesAServiceAndTheEdgeNamesTheEndOfTheChain() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("Notes.Editing")])]),
            node("glue", [adapter("Notes.Editing", from: "Memo.Editing")]),
            node("more", [adapter("Memo.Editing", from: "Text.Editing")]),
            node("text", [service("Text.Editing")]),
        ])
        #expect(outcome.problems.isEmpty)
        #expect(outcome.dependencies.map { "\($0.providedBy ?? "-") as \($0.adaptedFrom?.name ?? "-")" } == ["text as Text.Editing"])
    }

    @Test func aChainOfTwoAdaptersServesAModuleOnlyFromAModule() {
        let nodes = [
            node("notes", [module("Notes.List", requires: [needsModule("Notes.Editing")])]),
            node("glue", [adapter("Notes.Editing", from: "Memo.Editing"), adapter("Memo.Editing", from: "Text.Editing")]),
        ]
        #expect(validate(nodes + [node("text", [module("Text.Editing")])]).problems.isEmpty)
        #expect(validate(nodes + [node("text", [service("Text.Editing")])]).disabled["notes"] == "Notes.List requires module Notes.Editing, which no plugin provides ('glue' adapts it from Memo.Editing, 'glue' adapts Memo.Editing from Text.Editing, which no enabled plugin provides either); install a plugin that provides it")
    }

    @Test func aCycleOfAdaptersDisablesTheConsumerWithTheCycleAndItsFix() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("A.Ping")])]),
            node("glue", [adapter("A.Ping", from: "A.Pong"), adapter("A.Pong", from: "A.Ping")]),
        ])
        #expect(outcome.disabled == ["notes": "Notes.List requires A.Ping, which no plugin provides ('glue' adapts it from A.Pong, 'glue' adapts A.Pong from A.Ping: these adapters form a cycle (A.Ping → A.Pong → A.Ping) and no enabled plugin provides any of them; provide one of them, or remove an adapter)"])
        #expect(outcome.problems.map(\.kind) == [.missingProvider])
    }

    @Test func aCycleOfAdaptersWithAProviderOnItServes() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("A.Ping")])]),
            node("glue", [adapter("A.Ping", from: "A.Pong"), adapter("A.Pong", from: "A.Ping")]),
            node("pong", [service("A.Pong")]),
        ])
        #expect(outcome.problems.isEmpty)
        #expect(outcome.dependencies.first?.providedBy == "pong")
    }

    @Test func aChainLongerThanFourAdaptersIsRefusedWithTheFix() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("A.One")])]),
            node("glue", ["Two", "Three", "Four", "Five", "Six"].enumerated().map { position, source in
                adapter(["A.One", "A.Two", "A.Three", "A.Four", "A.Five"][position], from: "A." + source)
            }),
            node("six", [service("A.Six")]),
        ])
        #expect(outcome.disabled["notes"] == "Notes.List requires A.One, which no plugin provides ('glue' adapts it from A.Two, 'glue' adapts A.Two from A.Three, 'glue' adapts A.Three from A.Four, 'glue' adapts A.Four from A.Five, 'glue' adapts A.Five from A.Six: more than 4 adapters in a chain; adapt A.One from a contract a plugin provides)")
    }

    @Test func aChainThroughADisabledPluginsAdapterIsNotFollowed() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("Notes.Editing")])]),
            node("glue", [adapter("Notes.Editing", from: "Memo.Editing")]),
            node("more", [adapter("Memo.Editing", from: "Text.Editing"), service("More.Thing", requires: [needs("Nowhere.Thing")])]),
            node("text", [service("Text.Editing")]),
        ])
        #expect(outcome.disabled["notes"] == "Notes.List requires Notes.Editing, which no plugin provides ('glue' adapts it from Memo.Editing, which no enabled plugin provides either); install a plugin that provides it")
    }

    @Test func aServiceCycleThroughAChainOfAdaptersIsFound() {
        let outcome = validate([
            node("a", [service("A.Service", requires: [needs("B.Wanted")])]),
            node("glue", [adapter("B.Wanted", from: "B.Middle"), adapter("B.Middle", from: "B.Service")]),
            node("b", [service("B.Service", requires: [needs("A.Service")])]),
        ])
        #expect(outcome.disabled["a"]?.hasPrefix("dependency cycle A.Service → B.Service → A.Service") == true)
    }

    // MARK: The graph

    @Test func everyRequirementIsAnEdgeNamingItsProvider() {
        let outcome = validate([
            node("notes", [module("Notes.List", requires: [needs("Notes.Store"), needs("Contracts.Logger"), needs("Nowhere.Thing")])]),
            node("storage", [service("Notes.Store", requires: [needs("Contracts.DatabaseOpening")])]),
        ])
        let edges = outcome.dependencies.map { "\($0.plugin): \($0.registration) → \($0.requirement) = \($0.providedBy ?? "nobody")" }
        #expect(edges == [
            "notes: Notes.List → Notes.Store = storage",
            "notes: Notes.List → Contracts.Logger = host",
            "notes: Notes.List → Nowhere.Thing = nobody",
            "storage: Notes.Store → Contracts.DatabaseOpening = host",
        ])
    }
}
