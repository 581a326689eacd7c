import Contracts

/// Navigation out of the Hello module, through the host's router.
final class HelloRouter: HelloRouting {
    /// The module owns its host router; the host's router holds the stack weakly.
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func close() {
        router.close()
    }
}
