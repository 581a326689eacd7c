import Contracts

/// Reads who is signed in from the injected ``Session``.
final class AccountStatusInteractor: AccountStatusInteracting {
    private let session: any Session

    init(session: any Session) {
        self.session = session
    }

    func doFindUserName() -> String? {
        session.currentUser?.name
    }

    func doFindStayingUntil() -> Double? {
        (session as? any SignInKeeping)?.stayingUntil
    }
}
