import Contracts

/// Navigation out of the add form: it only closes itself.
final class TodoAddRouter: TodoAddRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func close() {
        router.close()
    }
}
