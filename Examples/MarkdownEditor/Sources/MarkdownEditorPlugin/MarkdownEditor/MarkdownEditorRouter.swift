import Contracts

/// Navigation out of the editor, through the host's router.
final class MarkdownEditorRouter: MarkdownEditorRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func close() {
        router.close()
    }
}
