import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// `delete N` can be taken back with `undo`, once, while the list is open.
@Suite struct NoteUndoTests {
    @Test func undoBringsBackTheNoteDeletedLastOnce() throws {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: "milk")])
        let interactor = NoteListInteractor(store: store, session: StubSession(signedInAs: "ada"), logger: MemoryLogger())
        let output = SpyNoteListOutput()
        interactor.output = output
        interactor.doDeleteNote(id: 1)
        #expect(try store.notes().isEmpty)
        try interactor.doUndoDelete()
        #expect(try store.notes().map(\.title) == ["Groceries"])
        #expect(try store.notes().first?.body == "milk")
        #expect(output.restored == ["Groceries"])
        #expect { try interactor.doUndoDelete() } throws: { "\($0)" == "nothing to undo: 'undo' brings back the last note deleted here" }
    }
}
