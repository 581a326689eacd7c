import Contracts
import Testing
@testable import ViperCore
import ViperTestSupport
@testable import ViperRuntime

/// A module registration checks that a built module's input conforms to its contract with a
/// ``ConformanceMemo``: the same answers as `is`, without asking the runtime again for a class
/// that conformed (the runtime's cast is a large share of building a module).
@Suite struct RegistryConformanceTests {
    private protocol Page: AnyObject {}
    private final class PageInput: Page {}
    private final class OtherPage: Page {}
    private final class NotAPage {}

    @Test func answersAsACastDoesAndAsksAgainOnlyForClassesThatDidNotConform() {
        let asked = Locked([String]())
        let memo = ConformanceMemo { object in
            asked.withLock { $0.append(String(describing: type(of: object))) }
            return object is Page
        }
        let objects: [AnyObject] = [PageInput(), PageInput(), NotAPage(), PageInput(), NotAPage(), OtherPage(), OtherPage(), PageInput()]
        #expect(objects.map { memo($0) } == objects.map { $0 is Page })
        // Remembered: the last class that conformed; a class that did not is asked about each time.
        #expect(asked.withLock { $0 } == ["PageInput", "NotAPage", "NotAPage", "OtherPage", "PageInput"])
    }

    @Test func aRegisteredModuleChecksItsInputAgainstItsContract() {
        let registrar = RecordingRegistrar(plugin: "pages")
        registrar.registerModule(Page.self, name: nil, route: nil, requires: [], builder: NoBuilder())
        registrar.seal()
        let registry = Registry()
        registry.commit(registrar)
        guard let (registration, _) = registry.moduleRegistration(for: Page.self, name: nil) else {
            Issue.record("the module was not registered")
            return
        }
        #expect(registration.conforms(PageInput()))
        #expect(registration.conforms(PageInput()))
        #expect(!registration.conforms(NotAPage()))
        #expect(registration.conforms(OtherPage()))
        #expect(!registration.conforms(NotAPage()))
    }

    private final class NoBuilder: ModuleBuilder {
        func build(_ context: any ModuleContext) throws -> BuiltModule {
            throw CommandError("not built in this test")
        }
    }
}
