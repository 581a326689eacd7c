import Contracts

/// Loads and saves notes through the injected ``NoteStore``.
final class MarkdownEditorInteractor: MarkdownEditorInteracting {
    private let store: any NoteStore

    init(store: any NoteStore) {
        self.store = store
    }

    func doLoad(id: Int64) throws -> MarkdownNote {
        guard let note = try store.note(id: id) else {
            throw CommandError("there is no note \(id); it may have been deleted")
        }
        return MarkdownNote(id: note.id, title: note.title, body: note.body)
    }

    func doSave(_ note: MarkdownNote) throws -> Note {
        let draft = NoteDraft(title: note.title, body: note.body)
        if let id = note.id {
            return try store.update(id: id, with: draft)
        }
        return try store.add(draft)
    }
}
