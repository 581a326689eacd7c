import Contracts

/// Navigation out of the note list, by contract only: it does not know which
/// plugins provide the editor, the sign-in or the status line.
final class NoteListRouter: NoteListRouting {
    private let router: any Router
    private let logger: any Logger
    /// The sign-in this list presented, while it may still be on screen.
    private var login: (any RoutedModule)?

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
        login = try router.perform(RouteRequest(Login.self, transition: .present) { login in
            login.reason = reason
            login.output = output
        })
    }

    func closeLogin() throws {
        // The Login contract says the form closes itself before it reports; one from a
        // drop-in plugin that does not would stay above the list, and the editor could
        // not open on it. The list removes what it presented, as ZIKRouter's performer would.
        defer { login = nil }
        guard let login, login.isOnScreen else { return }
        logger.log(.warning, "the sign-in form reported but did not close itself; the note list closed it", source: "notes")
        try login.remove()
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
