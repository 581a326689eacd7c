import Contracts
import Foundation

/// What the note editor keeps across a crash (Contracts' ``RestorableModule``): which note it
/// edits, the draft as typed, the note as stored, so that "unsaved" means the same afterwards,
/// and whose it is with the token that signs that account in again (``SessionResuming``), so
/// that a save after the restore stores it as theirs, or asks them to sign in.
struct NoteEditorKeptWork: Codable, Equatable {
    var noteID: Int64?
    var title: String
    var body: String
    var storedTitle: String
    var storedBody: String
    /// The account the note is written for; nil in work kept before accounts were kept.
    var owner: String?
    /// The session's resume token for `owner`; nil when the session gives none.
    var resume: String?
}

/// The presenter's side of ``RestorableModule``, for the view (which holds it as its event handler).
protocol NoteEditorRestoring: AnyObject {
    var keptWork: String? { get }
    func takeBack(_ work: String) throws
}

extension NoteEditorPresenter: NoteEditorRestoring {
    /// The draft and the note it edits, as JSON.
    var keptWork: String? {
        let kept = NoteEditorKeptWork(noteID: noteID, title: draft.title, body: draft.body,
                                      storedTitle: stored.title, storedBody: stored.body, owner: owner,
                                      resume: owner != nil && owner == interactor.signedInName ? interactor.doKeepSignIn() : nil)
        guard let data = try? JSONEncoder().encode(kept) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Takes back what ``keptWork`` gave; throws when it is not the editor's.
    func takeBack(_ work: String) throws {
        guard let kept = try? JSONDecoder().decode(NoteEditorKeptWork.self, from: Data(work.utf8)) else {
            throw CommandError("the note editor cannot read the unsaved work it was given back")
        }
        noteID = kept.noteID
        stored = NoteDraft(title: kept.storedTitle, body: kept.storedBody)
        draft = NoteDraft(title: kept.title, body: kept.body)
        owner = kept.owner ?? interactor.signedInName
        error = nil
        if let owner, !interactor.doResume(owner: owner, token: kept.resume) {
            error = "\(owner)'s sign-in could not be carried over: 'save' asks you to sign in as \(owner) first"
        }
        refresh()
    }
}
