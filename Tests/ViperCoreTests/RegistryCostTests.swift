import Contracts
import Testing
@testable import ViperCore

/// Committing registrations costs time linear in their number: counted, not timed.
@Suite struct RegistryCostTests {
    private protocol Page: AnyObject {}

    private final class PageBuilder: ModuleBuilder {
        func build(_ context: any ModuleContext) throws -> BuiltModule {
            throw CommandError("not built in this test")
        }
    }

    /// A dictionary insert compares a key against every key with the same hash: when the
    /// 8,000 named keys of one contract shared one hash, committing them was quadratic.
    @Test func namedKeysOfOneContractHashApart() {
        let keys = (0..<8000).map { RegistryKey(type: ObjectIdentifier(Page.self), name: "page\($0)") }
        let hashes = Set(keys.map(\.hashValue))
        #expect(hashes.count > 7990, "\(hashes.count) distinct hashes for 8000 keys")
        // The unnamed key of a contract still equals itself and differs from a named one.
        let unnamed = RegistryKey(type: ObjectIdentifier(Page.self), name: nil)
        #expect(unnamed == RegistryKey(type: ObjectIdentifier(Page.self), name: nil))
        #expect(unnamed != keys[0])
    }

    @Test func eightThousandNamedRoutesOfOneContractAreCommittedAndEachCanBeOpened() {
        let registrar = RecordingRegistrar(plugin: "pages")
        for index in 0..<8000 {
            registrar.registerModule(Page.self, name: "page\(index)", route: RouteSpec("pages/\(index)", summary: "Page \(index)"),
                                     builder: PageBuilder())
        }
        registrar.seal()
        let registry = Registry()
        registry.commit(registrar)
        #expect(registry.routeEntries.count == 8000)
        #expect(registry.moduleRegistration(for: Page.self, name: "page7999")?.0.route?.pattern == "pages/7999")
    }
}
