import ConformanceKit
import Contracts
@testable import NotesPlugin

/// Records where the list Presenter asks to go, in order.
final class SpyNoteListRouter: NoteListRouting {
    enum Route: Equatable {
        case editor(noteID: Int64?, title: String)
        case login(reason: String)
        /// The list asked to close the sign-in it presented (if still on screen).
        case closeLogin
    }

    private(set) var routes: [Route] = []
    private(set) weak var editorOutput: (any NoteEditingOutput)?
    private(set) weak var loginOutput: (any LoginOutput)?
    private(set) var embedCount = 0
    /// What `embedAccountStatus` hands back; nil acts as "no plugin provides a status line".
    var status: SpyAccountStatus? = SpyAccountStatus()
    var loginFailure: (any Error)?

    func showEditor(noteID: Int64?, title: String, output: any NoteEditingOutput) throws {
        routes.append(.editor(noteID: noteID, title: title))
        editorOutput = output
    }

    func showLogin(reason: String, output: any LoginOutput) throws {
        if let loginFailure { throw loginFailure }
        routes.append(.login(reason: reason))
        loginOutput = output
    }

    func closeLogin() throws {
        routes.append(.closeLogin)
    }

    func embedAccountStatus() -> (view: any ModuleView, status: (any AccountStatus)?)? {
        embedCount += 1
        return status.map { (StubModuleView(title: "Account"), $0) }
    }
}
