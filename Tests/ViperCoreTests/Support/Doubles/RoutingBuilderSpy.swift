import Contracts
import ViperCoreTestSupport

/// A builder that declares a ``Welcome`` and routes to ``DocumentEditing`` and ``MemoEditing``
/// once, as Contracts 1.7 has it, and keeps what it received.
final class RoutingBuilderSpy: RoutingModuleBuilder {
    static let dependencies = Dependencies(Welcome.self)
    static let routes = ModuleRoutes(DocumentEditing.self, MemoEditing.self)

    private(set) var welcome: String?
    private(set) var received: (ModuleRoute<DocumentEditing>, ModuleRoute<MemoEditing>)?

    func build(
        _ context: any ModuleContext, with welcome: any Welcome, routes: (ModuleRoute<DocumentEditing>, ModuleRoute<MemoEditing>)
    ) throws -> BuiltModule {
        self.welcome = welcome.text
        received = routes
        return BuiltModule(view: TitleViewStub(title: welcome.text))
    }
}

/// A ``Router`` that records each request it is asked to route (`push DocumentEditing`), and routes nothing.
final class RequestRouterSpy: Router {
    private(set) var requests: [String] = []

    func route<Input>(_ request: RouteRequest<Input>) throws {
        requests.append("\(request.transition) \(Input.self)\(request.name.map { "[\($0)]" } ?? "")")
    }

    func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
        throw CommandError("RequestRouterSpy does not embed")
    }

    func open(path: String) throws {}

    func close() {}

    func canRoute(to contract: Any.Type, name: String?) -> Bool {
        contract == DocumentEditing.self
    }
}
