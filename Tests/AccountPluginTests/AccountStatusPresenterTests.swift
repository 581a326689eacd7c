import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

@Suite struct AccountStatusPresenterTests {
    @Test func showsWhoIsSignedInEachTimeTheParentAsks() throws {
        let session = makeSession()
        let presenter = AccountStatusPresenter(interactor: AccountStatusInteractor(session: session))
        let view = SpyAccountStatusView()
        presenter.view = view
        presenter.refresh()
        _ = try session.signIn(name: "ada", password: "secret")
        presenter.refresh()
        #expect(view.models == ["Not signed in", "Signed in as ada"])
    }

    @Test func aStayNamesUTCAsUTCWhateverTheSystemCallsIt() {
        // 2026-12-01 17:00 UTC.
        let interactor = StubAccountStatusInteractor(name: "ada", until: 1_796_144_400)
        for (identifier, shown) in [("Etc/UTC", "2026-12-01 17:00 UTC"), ("UTC", "2026-12-01 17:00 UTC"),
                                    ("Europe/Berlin", "2026-12-01 18:00 Europe/Berlin")] {
            let presenter = AccountStatusPresenter(interactor: interactor, timeZoneIdentifier: identifier)
            let view = SpyAccountStatusView()
            presenter.view = view
            presenter.refresh()
            #expect(view.models == ["Signed in as ada (stays signed in on this machine until \(shown); 'signout' ends it)"])
        }
    }
}
