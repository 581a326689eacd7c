import Contracts

/// Records what a ``NoteEditing`` module reports through its output.
public final class NoteEditingOutputSpy: NoteEditingOutput {
    /// Notes reported saved, in order.
    public private(set) var saved: [Note] = []
    /// How many times the editor reported a cancel.
    public private(set) var cancels = 0

    /// Makes a spy that has heard nothing.
    public init() {}

    /// Records a save.
    public func noteEditorDidSave(_ note: Note) {
        saved.append(note)
    }

    /// Records a cancel.
    public func noteEditorDidCancel() {
        cancels += 1
    }
}
