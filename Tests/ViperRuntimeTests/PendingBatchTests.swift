import Contracts
import Testing
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime

/// A start-up adds its pending plugins as one batch, made when first asked: what a lookup,
/// a removal or taking them all finds is what adding each plugin one by one gave.
@Suite struct PendingBatchTests {
    private let store = ContractID("Contracts.NoteStore")

    /// Counts the plugins a batch made.
    private final class MadeCount {
        var value = 0
    }

    private func batch(_ entries: [(name: String, path: String)], made: MadeCount) -> PendingBatch {
        let plugins = entries.map { ($0.name, pendingPlugin($0.path, provides: store)) }
        return PendingBatch(count: plugins.count) { position in
            made.value += 1
            return plugins[position]
        }
    }

    @Test func aBatchMakesNoPluginUntilTheFirstLookupThenEachOnce() {
        let made = MadeCount()
        var pending = PendingPlugins()
        pending.add(batch([("a", "/p/libA.so"), ("b", "/p/libB.so")], made: made))
        #expect(made.value == 0)
        #expect(!pending.isEmpty)
        #expect(pending.take(serving: ProvisionKey(.service, store)).map(\.name) == ["b", "a"])
        #expect(pending.take(serving: ProvisionKey(.service, store)).isEmpty)
        #expect(made.value == 2)
    }

    @Test func aBatchGivesWhatAddingEachPluginInItsOrderGives() {
        let entries = [(name: "a", path: "/p/libA.so"), (name: "b", path: "/p/libB.so"), (name: "a", path: "/p/libA2.so")]
        var batched = PendingPlugins()
        batched.add(batch(entries, made: MadeCount()))
        var oneByOne = PendingPlugins()
        for entry in entries { oneByOne.add(pendingPlugin(entry.path, provides: store), name: entry.name) }
        let fromBatch = batched.take(serving: ProvisionKey(.service, store))
        let fromEach = oneByOne.take(serving: ProvisionKey(.service, store))
        #expect(fromBatch.map(\.name) == fromEach.map(\.name))
        #expect(fromBatch.map(\.plugin.file.path) == fromEach.map(\.plugin.file.path))
        #expect(fromBatch.map(\.plugin.file.path) == ["/p/libA2.so", "/p/libB.so"], "the later 'a' keeps the name")
    }

    @Test func aPositionTheBatchSkipsIsNeverTakenAndAnEmptyBatchAddsNothing() {
        var pending = PendingPlugins()
        pending.add(PendingBatch(count: 0) { _ in nil })
        #expect(pending.isEmpty)
        let kept = pendingPlugin("/p/libB.so", provides: store)
        pending.add(PendingBatch(count: 2) { position in position == 0 ? nil : ("b", kept) })
        #expect(pending.takeAll().map(\.plugin.file.path) == ["/p/libB.so"])
    }

    @Test func aPluginRemovedBeforeItsBatchIsMadeIsNotTaken() {
        var pending = PendingPlugins()
        pending.add(batch([("a", "/p/libA.so"), ("b", "/p/libB.so")], made: MadeCount()))
        pending.remove(named: "a")
        #expect(pending.take(serving: ProvisionKey(.service, store)).map(\.name) == ["b"])
    }
}
