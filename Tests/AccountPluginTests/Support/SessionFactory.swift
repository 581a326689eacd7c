import ConformanceKit
@testable import AccountPlugin

/// An ``AccountSession`` over memory with libcrypto's PBKDF2 at 1,000 iterations, so a test
/// signs in with the real hashing without waiting for viper's cost; its clock is the kit's
/// ``FixedClock`` (Monday 2026-01-05 09:00 UTC) unless the test gives one.
func makeSession(accounts: FakeAccountStore = FakeAccountStore(), logger: MemoryLogger = MemoryLogger(),
                 clock: FixedClock = FixedClock()) -> AccountSession {
    AccountSession(accounts: accounts, hashing: PBKDF2Hashing(iterations: 1_000), logger: logger, clock: clock)
}

/// The sign-in form's View over the real Presenter and Interactor on ``makeSession(accounts:logger:clock:)``,
/// with the router's events in `log`.
func makeLoginView(accounts: FakeAccountStore) -> (view: LoginView, log: EventLog) {
    let log = EventLog()
    let interactor = LoginInteractor(session: makeSession(accounts: accounts), passwords: StubPasswordReader())
    let presenter = LoginPresenter(interactor: interactor, router: SpyLoginRouter(log: log))
    interactor.output = presenter
    let view = LoginView(presenter: presenter)
    presenter.view = view
    return (view, log)
}
