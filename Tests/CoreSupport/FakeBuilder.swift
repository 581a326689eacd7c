import Contracts

/// Builds a fake module (View + Presenter) and lets a test wire it further.
package final class FakeBuilder: ModuleBuilder {
    package let title: String
    package let journal: JournalSpy
    /// Thrown by ``build(_:)`` instead of building.
    package var error: (any Error)?
    /// Further wiring, run inside ``build(_:)`` (may embed children, set commands, throw).
    package var wire: ((FakePresenter, FakeView, any ModuleContext) throws -> Void)?
    /// Replaces the input handed to the host (to test a module whose input does not conform).
    package var input: ((FakePresenter) -> AnyObject)?
    package private(set) var builds = 0
    /// The last module built, watched weakly.
    package private(set) weak var lastPresenter: FakePresenter?
    package private(set) weak var lastView: FakeView?

    package init(_ title: String, journal: JournalSpy) {
        self.title = title
        self.journal = journal
    }

    package func build(_ context: any ModuleContext) throws -> BuiltModule {
        builds += 1
        journal.record("\(title): build")
        if let error { throw error }
        let presenter = FakePresenter(router: context.router, parameters: context.parameters)
        let view = FakeView(title: title, presenter: presenter, journal: journal)
        presenter.view = view
        lastPresenter = presenter
        lastView = view
        try wire?(presenter, view, context)
        return BuiltModule(view: view, input: input?(presenter) ?? presenter, parts: [presenter])
    }
}
