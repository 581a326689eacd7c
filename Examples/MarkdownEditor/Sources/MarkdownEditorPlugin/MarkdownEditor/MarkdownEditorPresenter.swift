import Contracts

/// Keeps the note being edited and reports saves through the module output.
final class MarkdownEditorPresenter: NoteEditing, MarkdownEditorEventHandling {
    weak var view: (any MarkdownEditorViewing)?
    weak var output: (any NoteEditingOutput)?
    private let interactor: any MarkdownEditorInteracting
    private let router: any MarkdownEditorRouting
    private var note = MarkdownNote(id: nil, title: "", body: "")
    private var error: String?

    init(interactor: any MarkdownEditorInteracting, router: any MarkdownEditorRouting) {
        self.interactor = interactor
        self.router = router
    }

    // MARK: NoteEditing

    func edit(noteID: Int64) {
        do {
            note = try interactor.doLoad(id: noteID)
            error = nil
        } catch {
            self.error = "\(error)"
        }
        refresh()
    }

    func startNewNote(title: String) {
        note = MarkdownNote(id: nil, title: title, body: "")
        error = nil
        refresh()
    }

    // MARK: MarkdownEditorEventHandling

    func didSetTitle(_ title: String) throws {
        guard !title.allSatisfy(\.isWhitespace) else { throw CommandError("give the title, e.g. 'title Groceries'") }
        note.title = title
        refresh()
    }

    func didAddLine(_ line: String) {
        note.body = note.body.isEmpty ? line : note.body + "\n" + line
        refresh()
    }

    func didSave() throws {
        guard !note.title.isEmpty else { throw CommandError("the note has no title; give one with 'title TEXT', then 'save'") }
        let saved = try interactor.doSave(note)
        let output = self.output
        router.close()
        output?.noteEditorDidSave(saved)
    }

    func didCancel() {
        let output = self.output
        router.close()
        output?.noteEditorDidCancel()
    }

    private func refresh() {
        view?.didUpdate(MarkdownEditorViewModel(title: note.title.isEmpty ? "(untitled)" : note.title,
                                                lines: note.blocks, error: error))
    }
}
