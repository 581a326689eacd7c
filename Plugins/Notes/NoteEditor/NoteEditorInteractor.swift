import Contracts

/// Loads and saves one note through the injected ``NoteStore``, and keeps the rule
/// that a note is saved only with a title.
final class NoteEditorInteractor: NoteEditorInteracting {
    weak var output: (any NoteEditorInteractorOutput)?
    private let store: any NoteStore
    private let textEditor: any ExternalTextEditing

    init(store: any NoteStore, textEditor: any ExternalTextEditing = ProcessTextEditor(environment: [:])) {
        self.store = store
        self.textEditor = textEditor
    }

    func doEditExternally(_ body: String) throws -> String {
        try textEditor.edit(body)
    }

    func doLoadNote(id: Int64) {
        do {
            guard let note = try store.note(id: id) else {
                output?.handleFailure("note \(id) is gone (deleted elsewhere?); 'cancel' and pick another")
                return
            }
            output?.handleNoteLoaded(NoteContent(id: note.id, title: note.title, body: note.body))
        } catch {
            output?.handleFailure("cannot read note \(id): \(error)")
        }
    }

    func doFindUnsavedChanges(draft: NoteDraft, stored: NoteDraft, isStored: Bool) -> [UnsavedNoteChange] {
        var changes: [UnsavedNoteChange] = []
        if draft.title != stored.title {
            changes.append(.title(was: stored.title.isEmpty || !isStored ? nil : stored.title))
        }
        if draft.body != stored.body {
            changes.append(.text(lines: draft.body.isEmpty ? 0 : draft.body.components(separatedBy: "\n").count))
        }
        return changes
    }

    func doSave(_ draft: NoteDraft, id: Int64?) throws {
        guard !draft.title.isEmpty else {
            throw CommandError("the note has no title; give one with 'title TEXT', then 'save'")
        }
        do {
            let note = try id.map { try store.update(id: $0, with: draft) } ?? store.add(draft)
            output?.handleNoteSaved(note)
        } catch {
            output?.handleFailure("cannot save the note: \(error)")
        }
    }
}
