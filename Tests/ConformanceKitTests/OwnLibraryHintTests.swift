import ConformanceKit
import Contracts
import Testing

/// Two contracts of one library (this test module stands in for it), the first provided.
protocol HintedLibraryStore: AnyObject {}
protocol HintedLibraryIndex: AnyObject {}
private final class HintedStore: HintedLibraryStore {}

/// The kit names a forgotten registration as `viper doctor` does: a contract of a library whose
/// other contracts the plugin provides is most often one it forgot to register.
@Suite struct OwnLibraryHintTests {
    private func table(fallback: (any Resolver)? = nil, providing register: (PluginRecorder) -> Void) -> ServiceTable {
        let recorder = PluginRecorder()
        register(recorder)
        let table = ServiceTable(fallback: fallback)
        table.add(RecordedPlugin(manifest: SuiteCheck.manifest, recorder: recorder))
        return table
    }

    @Test func aContractOfALibraryThePluginProvidesFromIsNamedAsAForgottenRegistration() {
        let services = table { $0.registerService(HintedLibraryStore.self, requires: []) { _ in HintedStore() } }
        let error = #expect(throws: ResolutionError.self) { try services.resolve(HintedLibraryIndex.self, name: nil) }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.detail
                == "HintedLibraryIndex is a contract of ConformanceKitTests, whose HintedLibraryStore this plugin provides: "
                + "if it is meant to provide HintedLibraryIndex too, register it in its register(in:) "
                + "(registrar.registerService(HintedLibraryIndex.self, ...))")
        #expect(
            error?.description
                == "the conformance kit asked for ConformanceKitTests.HintedLibraryIndex, which no loaded plugin provides: "
                + "HintedLibraryIndex is a contract of ConformanceKitTests, whose HintedLibraryStore this plugin provides: "
                + "if it is meant to provide HintedLibraryIndex too, register it in its register(in:) "
                + "(registrar.registerService(HintedLibraryIndex.self, ...))",
            "the fix ends the sentence; no 'install a plugin' after it")
    }

    @Test func theHintIsTheSameWhenTheHostsServicesAreTheFallback() {
        // viper check: the plugin's table falls back to the host's services, which lack the contract too.
        let host = ServiceTable()
        let services = table(fallback: host) { $0.registerService(HintedLibraryStore.self, requires: []) { _ in HintedStore() } }
        let error = #expect(throws: ResolutionError.self) { try services.resolve(HintedLibraryIndex.self, name: nil) }
        #expect(
            error?.description
                == "the conformance kit asked for ConformanceKitTests.HintedLibraryIndex, which no loaded plugin provides: "
                + "HintedLibraryIndex is a contract of ConformanceKitTests, whose HintedLibraryStore this plugin provides: "
                + "if it is meant to provide HintedLibraryIndex too, register it in its register(in:) "
                + "(registrar.registerService(HintedLibraryIndex.self, ...))")
    }

    @Test func aContractOfContractsItselfGetsNoSuchHint() {
        let services = table { $0.registerService(NoteStore.self, requires: []) { _ in MemoryNoteStore() } }
        let error = #expect(throws: ResolutionError.self) { try services.resolve(Clock.self, name: nil) }
        #expect(error?.detail.contains("register it in its register(in:)") == false, "\(error?.detail ?? "")")
        #expect(error?.detail.hasPrefix("in this swift test no other plugin is loaded") == true, "\(error?.detail ?? "")")
    }

    @Test func aPluginProvidingNothingOfTheLibraryGetsNoHint() {
        let services = table { _ in }
        let error = #expect(throws: ResolutionError.self) { try services.resolve(HintedLibraryIndex.self, name: nil) }
        #expect(error?.detail.contains("register it in its register(in:)") == false, "\(error?.detail ?? "")")
    }
}
