import ViperTestSupport
@testable import NotesPlugin

/// Records what the editor Presenter sends its view.
final class SpyNoteEditorView: ViewSpy<NoteEditorViewModel>, NoteEditorViewing {}
