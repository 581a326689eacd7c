import Contracts

/// Turns the session into one line. The parent module reaches it only through
/// ``AccountStatus`` and calls ``refresh()`` when the user may have changed.
final class AccountStatusPresenter: AccountStatus, AccountStatusEventHandling {
    weak var view: (any AccountStatusViewing)?
    private let interactor: any AccountStatusInteracting

    init(interactor: any AccountStatusInteracting) {
        self.interactor = interactor
    }

    func didAppear() {
        refresh()
    }

    func refresh() {
        view?.didUpdate(interactor.doFindUserName().map { "Signed in as \($0)" } ?? "Not signed in")
    }
}
