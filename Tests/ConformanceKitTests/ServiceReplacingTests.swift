import ConformanceKit
import Contracts
import Testing

/// `ServiceTable.replace`: an author's double wins over the plugin's own registration.
@Suite struct ServiceReplacingTests {
    /// A NoteListing module that notes which NoteStore each build resolved.
    private final class ResolvedStores: ModuleBuilder {
        private let inner = FakeBuilder<FakeNoteListPresenter>()
        private(set) var stores: [any NoteStore] = []
        func build(_ context: any ModuleContext) throws -> BuiltModule {
            stores.append(try context.resolver.resolve(NoteStore.self))
            return try inner.build(context)
        }
    }

    /// A plugin that registers its own NoteStore and a NoteListing module on it.
    private func check(_ services: ServiceTable, builder: ResolvedStores, pluginStore: MemoryNoteStore) -> ConformanceReport {
        let recorder = PluginRecorder()
        recorder.registerService(NoteStore.self, requires: []) { _ in pluginStore }
        recorder.registerModule(NoteListing.self, requires: [.service(NoteStore.self)], builder: builder)
        return Conformance.check(RecordedPlugin(manifest: SuiteCheck.manifest, recorder: recorder), services: services)
    }

    @Test func theModuleUnderTestResolvesTheAuthorsDoubleNotThePluginsOwnService() throws {
        let services = try ServiceTable.standard()
        let double = MemoryNoteStore()
        services.replace(NoteStore.self, instance: double)
        let builder = ResolvedStores()
        let report = check(services, builder: builder, pluginStore: MemoryNoteStore())
        #expect(report.conforms, "\(report)")
        #expect(!builder.stores.isEmpty)
        #expect(builder.stores.allSatisfy { $0 === double })
        let line = report.result("service-resolves", subject: "NoteStore")
        #expect(line?.applicable == false)
        #expect(line?.reason?.contains("replaced by the test's double") == true)
    }

    @Test func aDoubleRegisteredWithoutReplaceGivesWayToThePluginsOwnService() throws {
        let services = try ServiceTable.standard()
        let double = MemoryNoteStore()
        services.register(NoteStore.self, instance: double)
        let builder = ResolvedStores()
        let pluginStore = MemoryNoteStore()
        let report = check(services, builder: builder, pluginStore: pluginStore)
        #expect(!builder.stores.isEmpty)
        #expect(builder.stores.allSatisfy { $0 === pluginStore })
        #expect(report.result("service-resolves", subject: "NoteStore")?.applicable == true)
    }
}
