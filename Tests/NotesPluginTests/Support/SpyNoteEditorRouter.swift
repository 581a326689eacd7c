import ViperTestSupport
@testable import NotesPlugin

/// Records when the editor closes itself.
final class SpyNoteEditorRouter: ClosingRouterSpy, NoteEditorRouting {}
