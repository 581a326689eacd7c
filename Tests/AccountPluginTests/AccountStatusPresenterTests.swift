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
}
