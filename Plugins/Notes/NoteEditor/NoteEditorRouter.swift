import Contracts

/// Navigation out of the editor: it closes itself, and presents the sign-in when its account
/// is not signed in (after a crash whose sign-in could not be carried over).
final class NoteEditorRouter: NoteEditorRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func close() {
        router.close()
    }

    func showLogin(reason: String, output: any LoginOutput) throws {
        try router.present(Login.self) { login in
            login.reason = reason
            login.output = output
        }
    }
}
