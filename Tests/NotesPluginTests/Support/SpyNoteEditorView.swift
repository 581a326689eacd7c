@testable import NotesPlugin

/// Records what the editor Presenter sends its view.
final class SpyNoteEditorView: NoteEditorViewing {
    private(set) var models: [NoteEditorViewModel] = []
    var last: NoteEditorViewModel? { models.last }

    func didUpdate(_ model: NoteEditorViewModel) {
        models.append(model)
    }
}
