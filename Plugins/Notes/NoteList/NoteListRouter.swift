import Contracts

/// Navigation out of the note list, by contract only: it does not know which
/// plugins provide the editor, the sign-in or the status line.
final class NoteListRouter: NoteListRouting {
    private let router: any Router
    private let logger: any Logger

    init(router: any Router, logger: any Logger) {
        self.router = router
        self.logger = logger
    }

    func showEditor(noteID: Int64?, title: String, output: any NoteEditingOutput) throws {
        // The configuration lets the editor's builder build for this note; `prepare`
        // still configures editors that do not read it (built against Contracts 1.2).
        try router.push(NoteEditorConfiguration(noteID: noteID, title: title)) { editor in
            editor.output = output
            if let noteID {
                editor.edit(noteID: noteID)
            } else {
                editor.startNewNote(title: title)
            }
        }
    }

    func showLogin(reason: String, output: any LoginOutput) throws {
        try router.present(Login.self) { login in
            login.reason = reason
            login.output = output
        }
    }

    func embedAccountStatus() -> (view: any ModuleView, status: (any AccountStatus)?)? {
        guard router.canRoute(to: AccountStatus.self) else { return nil }
        var status: (any AccountStatus)?
        do {
            let child = try router.embed(AccountStatus.self) { status = $0 }
            return (child, status)
        } catch {
            // The status line is an extra: the list works without it.
            logger.log(.warning, "no account status line: \(error)", source: "notes")
            return nil
        }
    }
}
