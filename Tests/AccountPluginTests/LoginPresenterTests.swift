import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// The sign-in Presenter with a spy view, router and output, over the real
/// Interactor and an account session in memory.
@Suite struct LoginPresenterTests {
    private struct Parts {
        let presenter: LoginPresenter
        let view: SpyLoginView
        let session: AccountSession
        let log: EventLog
    }

    private func makePresenter() -> Parts {
        let log = EventLog()
        let session = makeSession()
        let interactor = LoginInteractor(session: session, passwords: StubPasswordReader())
        let presenter = LoginPresenter(interactor: interactor, router: SpyLoginRouter(log: log))
        interactor.output = presenter
        let view = SpyLoginView()
        presenter.view = view
        return Parts(presenter: presenter, view: view, session: session, log: log)
    }

    @Test func showsWhySignInIsNeeded() {
        let parts = makePresenter()
        parts.presenter.reason = "Sign in to change notes."
        #expect(parts.view.last == LoginViewModel(reason: "Sign in to change notes.", status: "Not signed in.", error: nil))
    }

    @Test func closesThenReportsASuccessfulSignIn() throws {
        let parts = makePresenter()
        _ = try parts.session.signUp(name: "ada", password: "secret")
        parts.session.signOut()
        let output = SpyLoginOutput(log: parts.log)
        parts.presenter.output = output
        parts.presenter.didSubmit(Credentials(name: "ada", password: "secret"))
        #expect(parts.log.events == ["close", "signed in ada"])
        #expect(parts.session.currentUser == User(name: "ada"))
    }

    @Test func staysOpenAndShowsWhyASignInWasRefused() {
        let parts = makePresenter()
        let output = SpyLoginOutput(log: parts.log)
        parts.presenter.output = output
        parts.presenter.didAskToCreate(Credentials(name: "ada", password: "abc"))
        #expect(parts.log.events.isEmpty)
        #expect(parts.view.last?.error == "Sign-in refused: the password is too short: a new account needs at least 6 characters")
    }

    @Test func closesThenReportsACancel() {
        let parts = makePresenter()
        let output = SpyLoginOutput(log: parts.log)
        parts.presenter.output = output
        parts.presenter.didAskToCancel()
        #expect(parts.log.events == ["close", "cancelled"])
    }

    @Test func closedByTheShellItReportsACancelWithoutClosingAgain() {
        let parts = makePresenter()
        let output = SpyLoginOutput(log: parts.log)
        parts.presenter.output = output
        parts.presenter.didLeaveWithoutSigningIn()
        #expect(parts.log.events == ["cancelled"], "the shell already removed the form: no router.close()")
    }

    @Test func neverDrawsThePassword() {
        let parts = makePresenter()
        parts.presenter.didSubmit(Credentials(name: "ada", password: "abc"))
        let view = LoginView(presenter: parts.presenter)
        parts.presenter.view = view
        parts.presenter.didAppear()
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(!screen.lines.joined().contains("abc"))
    }
}
