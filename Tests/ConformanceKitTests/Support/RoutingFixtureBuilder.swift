import ConformanceKit
import Contracts

/// A module contract of this test module, which stands in for the plugin's own contract library
/// (the library of ``FixtureInput`` too).
protocol FixtureTarget: AnyObject {}

/// Builds the fixture module as a ``RoutingModuleBuilder`` (Contracts 1.7): it needs a clock and
/// routes to `Target`, both declared once in its type, and takes its route as it builds. With
/// `strays`, it also pushes ``NoteListing`` through the context's router, declared nowhere.
final class RoutingFixtureBuilder<Target>: RoutingModuleBuilder {
    static var dependencies: Dependencies<any Clock> { Dependencies(Clock.self) }
    static var routes: ModuleRoutes<Target> { ModuleRoutes(Target.self) }

    private let strays: Bool

    init(routingTo target: Target.Type, strays: Bool = false) {
        self.strays = strays
    }

    func build(_ context: any ModuleContext, with clock: any Clock, routes target: ModuleRoute<Target>) throws -> BuiltModule {
        try target.push()
        if strays { try context.router.push(NoteListing.self) }
        let interactor = FixtureInteractor(clock: clock)
        let presenter = FixturePresenter(interactor: interactor)
        let view = FixtureView(presenter: presenter, flaws: [])
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor])
    }
}

/// Builds a bare module for ``FixtureTarget``: the module another plugin provides.
final class FixtureTargetBuilder: ModuleBuilder {
    private final class Target: FixtureTarget {}

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: StubModuleView(title: "target"), input: Target())
    }
}
