import Contracts
import Testing
@testable import ViperCore
import ViperCoreTestSupport

/// Routes declared once and handed over typed (Contracts 1.7): a ``RoutingModuleBuilder``'s
/// ``ModuleRoutes`` are the module requirements the host checks and the ``ModuleRoute`` values
/// the builder receives, each routing through the router of the module being built.
@Suite struct RoutingModuleBuilderTests {
    private func registry(_ register: (RecordingRegistrar) -> Void) -> Registry {
        let registrar = RecordingRegistrar(plugin: "fixture")
        register(registrar)
        registrar.seal()
        let registry = Registry()
        registry.commit(registrar)
        return registry
    }

    @Test func aRoutingBuilderRequiresItsServicesThenEachContractItRoutesTo() {
        let registrar = RecordingRegistrar(plugin: "fixture")
        registrar.registerModule(Ping.self, route: RouteSpec("ping", summary: "Ping"), builder: RoutingBuilderSpy())
        #expect(registrar.modules.map(\.requires) == [[.service(Welcome.self), .module(DocumentEditing.self), .module(MemoEditing.self)]])
    }

    @Test func theBuilderReceivesATypedRoutePerContractThatRoutesThroughItsModulesRouter() throws {
        let builder = RoutingBuilderSpy()
        let router = RequestRouterSpy()
        let resolver = registry { $0.registerService(Welcome.self) { _ in WelcomeStub("hello") } }.resolver(for: "a test")
        let module = try builder.build(ModuleContextStub(resolver: resolver, router: router))
        #expect(module.view.title == "hello")
        #expect(builder.welcome == "hello")
        let (editor, memo) = try #require(builder.received)
        try editor.push()
        try memo.present()
        #expect(router.requests == ["push DocumentEditing", "present MemoEditing"])
        #expect(editor.isAvailable && !memo.isAvailable)
    }

    @Test func aRouteToANamedModuleAsksForThatName() throws {
        let router = RequestRouterSpy()
        try ModuleRoute(DocumentEditing.self, name: "plain", router: router).push()
        #expect(router.requests == ["push DocumentEditing[plain]"])
    }

    @Test func oneRoutedContractIsReceivedAsItsRouteNotATuple() {
        let routes: ModuleRoute<DocumentEditing> = ModuleRoutes(DocumentEditing.self).routes(through: RequestRouterSpy())
        #expect(routes.name == nil)
        #expect(ModuleRoutes(DocumentEditing.self).requirements == [.module(DocumentEditing.self)])
    }
}
