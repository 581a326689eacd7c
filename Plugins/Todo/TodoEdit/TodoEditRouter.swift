import Contracts

/// Navigation out of the editor: it only closes itself.
final class TodoEditRouter: TodoEditRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func close() {
        router.close()
    }
}
