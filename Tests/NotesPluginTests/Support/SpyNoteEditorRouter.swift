import Contracts
import ViperTestSupport
@testable import NotesPlugin

/// Records when the editor closes itself.
final class SpyNoteEditorRouter: ClosingRouterSpy, NoteEditorRouting {
    /// The reasons of the sign-ins it was asked to present, and to whom it reports.
    private(set) var logins: [String] = []
    private(set) weak var loginOutput: (any LoginOutput)?

    func showLogin(reason: String, output: any LoginOutput) throws {
        logins.append(reason)
        loginOutput = output
    }
}
