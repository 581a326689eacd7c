import Contracts
import Testing
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime

/// Pending plugins are appended at start-up and put in their table by name at the first lookup:
/// what a lookup, a removal or taking them all finds is what adding each to the table at once gave.
@Suite struct PendingPluginsTests {
    private let store = ContractID("Contracts.NoteStore")

    @Test func aNameAddedTwiceIsTheLaterPluginAtTheFirstLookup() {
        var pending = PendingPlugins()
        pending.add(pendingPlugin("/p/libOld.so", provides: store), name: "notes")
        pending.add(pendingPlugin("/p/libNew.so", provides: store), name: "notes")
        #expect(!pending.isEmpty)
        let taken = pending.take(serving: ProvisionKey(.service, store))
        #expect(taken.map(\.plugin.file.path) == ["/p/libNew.so"])
        #expect(pending.isEmpty)
    }

    @Test func aPluginRemovedBeforeAnyLookupIsNotTaken() {
        var pending = PendingPlugins()
        pending.add(pendingPlugin("/p/libA.so", provides: store), name: "a")
        pending.add(pendingPlugin("/p/libB.so", provides: store), name: "b")
        pending.remove(named: "a")
        #expect(pending.take(serving: ProvisionKey(.service, store)).map(\.name) == ["b"])
    }

    @Test func takingAllBeforeAnyLookupGivesEveryPluginByName() {
        var pending = PendingPlugins()
        pending.add(pendingPlugin("/p/libB.so", provides: store), name: "b")
        pending.add(pendingPlugin("/p/libA.so", provides: ContractID("Contracts.Clock")), name: "a")
        #expect(pending.takeAll().map(\.name) == ["a", "b"])
        #expect(pending.isEmpty && pending.take(serving: ProvisionKey(.service, store)).isEmpty)
    }

    @Test func aPluginAddedAfterALookupIsFoundByTheNext() {
        var pending = PendingPlugins()
        pending.add(pendingPlugin("/p/libA.so", provides: store), name: "a")
        #expect(pending.take(serving: ProvisionKey(.service, ContractID("Contracts.Clock"))).isEmpty)
        pending.add(pendingPlugin("/p/libB.so", provides: store), name: "b")
        #expect(pending.take(serving: ProvisionKey(.service, store)).map(\.name) == ["b", "a"], "the one added last first")
    }
}
