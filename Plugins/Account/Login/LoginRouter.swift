import Contracts

/// Navigation out of the sign-in form: it only closes itself.
final class LoginRouter: LoginRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func close() {
        router.close()
    }
}
