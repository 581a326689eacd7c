import Contracts

/// Builds the fixture module, with the flaws it is given.
final class FixtureBuilder: ModuleBuilder {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the fixture refuses to build" }
    }

    private let flaws: FixtureFlaws
    private var first: BuiltModule?

    init(flaws: FixtureFlaws = []) {
        self.flaws = flaws
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        if flaws.contains(.throwsOnBuild) { throw Failure() }
        if flaws.contains(.sharesInstance), let first { return first }
        if flaws.contains(.undeclaredService) { _ = try context.resolver.resolve(Logger.self) }
        if flaws.contains(.optionalService), context.resolver.canResolve(Logger.self) { _ = try context.resolver.resolve(Logger.self) }
        let interactor = FixtureInteractor(clock: try context.resolver.resolve(Clock.self))
        let presenter = FixturePresenter(interactor: interactor)
        let view = FixtureView(presenter: presenter, flaws: flaws)
        if flaws.contains(.presenterHoldsView) { presenter.strongView = view } else { presenter.view = view }
        let module = BuiltModule(view: view, input: flaws.contains(.wrongInput) ? interactor : presenter,
                                 parts: [presenter, interactor])
        if flaws.contains(.sharesInstance) { first = module }
        return module
    }
}
