import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// What serves a contract, on hand-made graphs: the one definition that `doctor` and
/// resolving share (GraphValidatorTests and RegistryTests check each uses it).
@Suite struct ServingPathTests {
    // MARK: Helpers

    /// A graph: the keys plugins provide (`service A`, `module B[x]`) and adapters (`A` from `B`).
    private struct Graph {
        var provided: [String: String] = [:]  // key description -> plugin
        var adapters: [String: ServingPath.Hop] = [:]  // contract -> adapter
        /// What the walk asked, in order: `provider KEY`, `adapter CONTRACT`.
        var asked: [String] = []

        mutating func find(_ key: ProvisionKey) -> Result<ServingPath, ServingPath.Unserved> {
            ServingPath.find(key, provider: { key in
                asked.append("provider \(key)")
                return provided[key.description]
            }, adapter: { contract in
                asked.append("adapter \(contract.name)")
                return adapters[contract.name]
            })
        }
    }

    private func graph(provides: [String: String] = [:], adapters: [(String, from: String, plugin: String)] = []) -> Graph {
        var graph = Graph(provided: provides)
        for (contract, source, plugin) in adapters {
            graph.adapters[contract] = ServingPath.Hop(contract: ContractID(contract), source: ContractID(source), plugin: plugin)
        }
        return graph
    }

    private func service(_ contract: String, name: String? = nil) -> ProvisionKey {
        ProvisionKey(.service, ContractID(contract), name: name)
    }

    private func module(_ contract: String, name: String? = nil) -> ProvisionKey {
        ProvisionKey(.module, ContractID(contract), name: name)
    }

    /// The path as one line: `served KEY by PLUGIN through A←B (plugin), ...`.
    private func describe(_ result: Result<ServingPath, ServingPath.Unserved>) -> String {
        switch result {
        case .success(let path):
            let hops = path.hops.map { "\($0.contract.name)←\($0.source.name) (\($0.plugin))" }
            return "served \(path.served) by \(path.provider)" + (hops.isEmpty ? "" : " through " + hops.joined(separator: ", "))
        case .failure(let unserved):
            return "unserved (\(unserved.reason)) at \(unserved.stoppedAt): \(unserved.note)"
        }
    }

    // MARK: Direct providers

    @Test func aProvidedContractIsServedDirectly() {
        var graph = graph(provides: ["service A.Store": "storage"])
        #expect(describe(graph.find(service("A.Store"))) == "served service A.Store by storage")
        #expect(graph.asked == ["provider service A.Store"], "an adapter is not looked for when a provider exists")
    }

    @Test func aProviderWinsOverAnAdapterAtEveryStep() {
        var graph = graph(provides: ["service A.Store": "storage", "service B.Store": "other"],
                          adapters: [("A.Store", from: "B.Store", plugin: "glue")])
        #expect(describe(graph.find(service("A.Store"))) == "served service A.Store by storage")
    }

    @Test func aContractNothingProvidesOrAdaptsIsMissingWithNothingToAdd() {
        var graph = graph()
        #expect(describe(graph.find(service("A.Store"))) == "unserved (missing) at service A.Store: ")
    }

    // MARK: Adapters and chains

    @Test func oneAdapterServesAContractFromAProvidedOne() {
        var graph = graph(provides: ["module Text.Editing": "text"], adapters: [("Notes.Editing", from: "Text.Editing", plugin: "glue")])
        #expect(describe(graph.find(module("Notes.Editing"))) == "served module Text.Editing by text through Notes.Editing←Text.Editing (glue)")
    }

    @Test func aChainOfTwoAdaptersEndsAtTheProviderAndAsksEachContractOnceInOrder() {
        var graph = graph(provides: ["service C.Source": "source"],
                          adapters: [("A.Wanted", from: "B.Middle", plugin: "glue"), ("B.Middle", from: "C.Source", plugin: "more")])
        #expect(describe(graph.find(service("A.Wanted"))) == "served service C.Source by source through A.Wanted←B.Middle (glue), B.Middle←C.Source (more)")
        #expect(graph.asked == ["provider service A.Wanted", "adapter A.Wanted", "provider service B.Middle", "adapter B.Middle", "provider service C.Source"])
    }

    @Test func theKindAndNameStayTheSameAlongAChain() {
        var graph = graph(provides: ["service C.Source[work]": "services", "module C.Source": "unnamed", "module C.Source[work]": "modules"],
                          adapters: [("A.Wanted", from: "C.Source", plugin: "glue")])
        #expect(describe(graph.find(module("A.Wanted", name: "work"))) == "served module C.Source[work] by modules through A.Wanted←C.Source (glue)")
        #expect(describe(graph.find(service("A.Wanted", name: "work"))) == "served service C.Source[work] by services through A.Wanted←C.Source (glue)")
        #expect(describe(graph.find(service("A.Wanted"))) == "unserved (missing) at service C.Source: 'glue' adapts it from C.Source, which no enabled plugin provides either")
    }

    @Test func aChainOfFourAdaptersIsFollowedAndOneOfFiveIsRefused() {
        let four = [("A.One", from: "A.Two", plugin: "p1"), ("A.Two", from: "A.Three", plugin: "p2"),
                    ("A.Three", from: "A.Four", plugin: "p3"), ("A.Four", from: "A.Five", plugin: "p4")]
        var within = graph(provides: ["service A.Five": "end"], adapters: four)
        #expect(describe(within.find(service("A.One"))) == "served service A.Five by end through A.One←A.Two (p1), A.Two←A.Three (p2), A.Three←A.Four (p3), A.Four←A.Five (p4)")
        #expect(ServingPath.maxAdapters == 4)

        var beyond = graph(provides: ["service A.Six": "end"], adapters: four + [("A.Five", from: "A.Six", plugin: "p5")])
        #expect(describe(beyond.find(service("A.One"))) == "unserved (tooLong) at service A.Six: 'p1' adapts it from A.Two, 'p2' adapts A.Two from A.Three, 'p3' adapts A.Three from A.Four, 'p4' adapts A.Four from A.Five, 'p5' adapts A.Five from A.Six: more than 4 adapters in a chain; adapt A.One from a contract a plugin provides")
        #expect(!beyond.asked.contains("provider service A.Six"), "the walk stops at the limit")
    }

    // MARK: What cannot serve

    @Test func adaptersThatComeBackToTheAskedContractAreACycle() {
        var graph = graph(adapters: [("A.Ping", from: "A.Pong", plugin: "glue"), ("A.Pong", from: "A.Ping", plugin: "more")])
        #expect(describe(graph.find(module("A.Ping"))) == "unserved (cycle) at module A.Ping: 'glue' adapts it from A.Pong, 'more' adapts A.Pong from A.Ping: these adapters form a cycle (A.Ping → A.Pong → A.Ping) and no enabled plugin provides any of them; provide one of them, or remove an adapter")
        #expect(graph.asked.count == 4, "each contract is asked once")
    }

    @Test func aCycleFurtherDownTheChainIsNamedFromWhereItCloses() {
        var graph = graph(adapters: [("A.Wanted", from: "B.Ping", plugin: "glue"), ("B.Ping", from: "B.Pong", plugin: "glue"),
                                     ("B.Pong", from: "B.Ping", plugin: "glue")])
        let result = graph.find(service("A.Wanted", name: "x"))
        #expect(describe(result) == "unserved (cycle) at service B.Ping[x]: 'glue' adapts it from B.Ping[x], 'glue' adapts B.Ping[x] from B.Pong[x], 'glue' adapts B.Pong[x] from B.Ping[x]: these adapters form a cycle (B.Ping[x] → B.Pong[x] → B.Ping[x]) and no enabled plugin provides any of them; provide one of them, or remove an adapter")
    }

    @Test func anAdapterWhoseSourceNothingProvidesIsMissingWithTheWholeChain() {
        var graph = graph(adapters: [("A.Wanted", from: "B.Middle", plugin: "glue"), ("B.Middle", from: "C.Gone", plugin: "more")])
        #expect(describe(graph.find(service("A.Wanted"))) == "unserved (missing) at service C.Gone: 'glue' adapts it from B.Middle, 'more' adapts B.Middle from C.Gone, which no enabled plugin provides either")
    }
}
