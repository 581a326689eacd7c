import Contracts

/// A small NoteEditing implementation; with `reportsSaves` false it saves but never tells its output.
final class FakeNoteEditorPresenter: NoteEditing {
    weak var output: (any NoteEditingOutput)?
    weak var view: FakeNoteEditorView?
    private let store: any NoteStore
    private let reportsSaves: Bool
    private var id: Int64?
    private var draft = NoteDraft(title: "", body: "")

    init(store: any NoteStore, reportsSaves: Bool) {
        self.store = store
        self.reportsSaves = reportsSaves
    }

    func edit(noteID: Int64) {
        id = noteID
        if let note = try? store.note(id: noteID) { draft = NoteDraft(title: note.title, body: note.body) }
        view?.lines = [draft.title, draft.body]
    }

    func startNewNote(title: String) {
        id = nil
        draft = NoteDraft(title: title, body: "")
        view?.lines = [title]
    }

    func save() throws {
        let note = try id.map { try store.update(id: $0, with: draft) } ?? store.add(draft)
        if reportsSaves { output?.noteEditorDidSave(note) }
    }
}
