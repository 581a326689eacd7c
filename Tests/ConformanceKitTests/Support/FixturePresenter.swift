final class FixturePresenter: FixtureInput {
    weak var view: FixtureView?
    /// Set only when the flaw asks for it: a strong back reference.
    var strongView: FixtureView?
    let interactor: FixtureInteractor

    init(interactor: FixtureInteractor) {
        self.interactor = interactor
    }

    func show(_ items: [String]) {
        interactor.items = items
    }

    func didAppear() {
        (view ?? strongView)?.items = interactor.items
    }
}
