import ViperCoreTestSupport

/// A ``MemoEditing`` whose note is fixed when it is made.
final class MemoEditingStub: MemoEditing {
    let editedNote: String

    init(note: String) {
        editedNote = note
    }

    func edit(note: String) {}
}
