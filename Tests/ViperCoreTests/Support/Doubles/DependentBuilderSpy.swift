import Contracts
import ViperCoreTestSupport

/// A builder that declares a ``Tally``, a ``Welcome`` and a route to ``DocumentEditing`` once, as
/// Contracts 1.6 has it, and records the services it received.
final class DependentBuilderSpy: DependentModuleBuilder {
    static let dependencies = Dependencies(Tally.self, Welcome.self, routesTo: [DocumentEditing.self])

    private(set) var received: [(tally: Int, welcome: String)] = []

    func build(_ context: any ModuleContext, with needs: (any Tally, any Welcome)) throws -> BuiltModule {
        let (tally, welcome) = needs
        received.append((tally.id, welcome.text))
        return BuiltModule(view: TitleViewStub(title: welcome.text))
    }
}

/// A view that only has a title.
final class TitleViewStub: ModuleView {
    let title: String

    init(title: String) {
        self.title = title
    }

    func render(on screen: any Screen) {}
}
