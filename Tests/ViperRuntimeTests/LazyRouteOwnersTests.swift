import Contracts
import Foundation
import Testing
@testable import ViperCore
@testable import ViperLoading

/// A kept graph's route owners are checked when its file is read and made into a table only when a
/// route is first checked against them (``RouteOwners``): a warm start that lists no route makes
/// none, and whoever reads them gets what an eager read gave.
@Suite struct LazyRouteOwnersTests {
    private func outcome(owners: [String: String]) -> GraphValidator.Outcome {
        GraphValidator.Outcome(
            problems: [Problem(kind: .badRoute, plugin: "b", contract: "x", message: "lost")], disabled: ["c": "why"],
            overridden: ["a": ["Contracts.Page"]], routeOwners: owners)
    }

    private func read(_ bytes: [UInt8]) throws -> GraphValidator.Outcome {
        try DescriptorCache.Graph.parse(bytes, key: "k").get().outcome
    }

    @Test func aKeptGraphsOwnersAreMadeWhenFirstReadNotWhenTheFileIs() throws {
        let owners = Dictionary(uniqueKeysWithValues: (1...200).map { ("route-\($0)", "plugin-\($0 % 7)") })
        let kept = try read(DescriptorCache.Graph.serialized(outcome(owners: owners), key: "k"))
        #expect(!kept.owners.isMade, "reading the file makes no table")
        #expect(kept.problems.count == 1 && kept.disabled == ["c": "why"] && kept.overridden == ["a": ["Contracts.Page"]])
        #expect(kept.owners["route-8"] == "plugin-1")
        #expect(kept.owners.isMade)
        #expect(kept.routeOwners == owners)
    }

    @Test func anOwnersLineWithEscapesIsReadAtOnceToTheSameTable() throws {
        let owners = ["tab\there": "a\\b", "plain": "p"]
        let kept = try read(DescriptorCache.Graph.serialized(outcome(owners: owners), key: "k"))
        #expect(kept.routeOwners == owners)
    }

    @Test func aLaterLineOfAShapeWinsAsItDidWhenReadAtOnce() throws {
        let kept = try read(DescriptorCache.Graph.signed(body: Array("W\tx\ta\nW\ty\tc\nW\tx\tb\n".utf8), key: "k"))
        #expect(!kept.owners.isMade)
        #expect(kept.routeOwners == ["x": "b", "y": "c"])
    }

    @Test func aSignedOwnersLineThatDoesNotReadIsRefusedWhenTheFileIsRead() {
        for body in ["W\tx\ta\textra\n", "W\tx\n", "W\tx\t\\N\n", "W\tx\ta\\q\n", "W\n"] {
            let bytes = DescriptorCache.Graph.signed(body: Array(body.utf8), key: "k")
            guard case .failure(.malformed) = DescriptorCache.Graph.parse(bytes, key: "k") else {
                Issue.record("'\(body.debugDescription)' was believed")
                continue
            }
        }
    }

    @Test func aTableIsMadeOnceByWhicheverReaderAsksFirst() {
        let maker = OwnersMakerSpy(["notes": "notes"])
        let owners = RouteOwners(later: maker.make)
        #expect(!owners.isMade && maker.calls == 0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = owners["notes"] }
        #expect(owners.table == ["notes": "notes"] && maker.calls == 1)
    }

    @Test func registeredOwnersAreMadeWhenPendingRoutesAreListed() {
        let owners = RouteOwners(later: { ["notes": "second"] })
        var table = RouteTable()
        table.ownerTable = owners
        let first = ScannedDescriptor(
            PluginDescriptor(
                manifest: PluginManifest(name: "first", version: "1", summary: ""), contractsVersion: .current,
                provides: [Provision(kind: .module, contract: ContractID("Contracts.Page"), name: "notes", route: RouteSpec("notes", summary: ""))]))
        table.addPending(declaredBy: [PendingRoutes.Plugin(descriptor: first, name: "first", overridden: [])])
        #expect(!owners.isMade, "adding pending routes checks none")
        #expect(table.pending.isEmpty, "second keeps 'notes'")
        #expect(owners.isMade)
    }
}
