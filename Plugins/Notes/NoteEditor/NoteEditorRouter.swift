import Contracts

/// Navigation out of the editor: it only ever closes itself.
final class NoteEditorRouter: NoteEditorRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func close() {
        router.close()
    }
}
