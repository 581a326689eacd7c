import Contracts
import Testing
@testable import ViperCore
import ViperCoreTestSupport

/// Dependencies declared once (Contracts 1.6): the requirements the host checks and what the
/// builder or factory receives come from one ``Dependencies`` value.
@Suite struct DependenciesTests {
    private func registrar(_ register: (RecordingRegistrar) -> Void) -> RecordingRegistrar {
        let registrar = RecordingRegistrar(plugin: "fixture")
        register(registrar)
        registrar.seal()
        return registrar
    }

    private func registry(_ registrars: RecordingRegistrar...) -> Registry {
        let registry = Registry()
        registrars.forEach { registry.commit($0) }
        return registry
    }

    private let providers = { (registrar: RecordingRegistrar) in
        registrar.registerService(Tally.self) { _ in TallyStub() }
        registrar.registerService(Welcome.self) { _ in WelcomeStub("hello") }
    }

    @Test func aDependentBuilderRequiresWhatItDeclaresInOrderWithItsRoutesLast() {
        let registrar = registrar { $0.registerModule(Ping.self, route: RouteSpec("ping", summary: "Ping"), builder: DependentBuilderSpy()) }
        #expect(registrar.modules.map(\.requires) == [[.service(Tally.self), .service(Welcome.self), .module(DocumentEditing.self)]])
        #expect(registrar.provisions.first?.requires == [.service(Tally.self), .service(Welcome.self), .module(DocumentEditing.self)])
    }

    @Test func theBuilderReceivesTheDeclaredServicesResolved() throws {
        let builder = DependentBuilderSpy()
        let registry = registry(registrar(providers))
        let module = try builder.build(ModuleContextStub(resolver: registry.resolver(for: "a test")))
        #expect(module.view.title == "hello")
        #expect(builder.received.map(\.welcome) == ["hello"])
    }

    @Test func aMissingServiceFailsTheBuildWithAnErrorNamingIt() {
        let builder = DependentBuilderSpy()
        let registry = registry(registrar { $0.registerService(Tally.self) { _ in TallyStub() } })
        #expect {
            try builder.build(ModuleContextStub(resolver: registry.resolver(for: "a test")))
        } throws: { error in
            (error as? ResolutionError).map { "\($0)".contains("Welcome") } ?? false
        }
        #expect(builder.received.isEmpty)
    }

    @Test func aServiceFactoryRequiresAndReceivesWhatItsNeedsDeclare() throws {
        let registrar = registrar {
            providers($0)
            $0.registerService(MemoEditing.self, needs: Dependencies(Welcome.self, Tally.self)) { welcome, tally in
                MemoEditingStub(note: "\(welcome.text) \(tally.id > 0)")
            }
        }
        #expect(registrar.services.last?.requires == [.service(Welcome.self), .service(Tally.self)])
        let memo = try registry(registrar).resolver(for: "a test").resolve(MemoEditing.self)
        #expect(memo.editedNote == "hello true")
    }

    @Test func oneDeclaredServiceIsReceivedAsItselfNotATuple() throws {
        let registrar = registrar {
            providers($0)
            $0.registerService(MemoEditing.self, needs: Dependencies(Welcome.self)) { welcome in
                MemoEditingStub(note: welcome.text)
            }
        }
        #expect(registrar.services.last?.requires == [.service(Welcome.self)])
        #expect(try registry(registrar).resolver(for: "a test").resolve(MemoEditing.self).editedNote == "hello")
    }

    @Test func aDeclarationOfNothingRequiresNothing() {
        #expect(Dependencies().requirements.isEmpty)
        #expect(Dependencies(routesTo: [DocumentEditing.self]).requirements == [.module(DocumentEditing.self)])
    }
}
