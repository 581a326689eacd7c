import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// The editor Interactor over an in-memory store: loading, saving, and the rule that a
/// note needs a title.
@Suite struct NoteEditorInteractorTests {
    private func makeInteractor(_ store: FakeNoteStore) -> (NoteEditorInteractor, SpyNoteEditorInteractorOutput) {
        let interactor = NoteEditorInteractor(store: store, session: StubSession(signedInAs: "ada"))
        let output = SpyNoteEditorInteractorOutput()
        interactor.output = output
        return (interactor, output)
    }

    @Test func aNoteNeedsATitleToBeSaved() {
        let store = FakeNoteStore()
        let (interactor, output) = makeInteractor(store)
        #expect { try interactor.doSave(NoteDraft(title: "", body: "go north"), id: nil, owner: "ada") } throws: {
            "\($0)" == "the note has no title; give one with 'title TEXT', then 'save'"
        }
        #expect(store.stored.isEmpty)
        #expect(output.saved.isEmpty && output.failures.isEmpty)
    }

    @Test func savesANewNoteOrUpdatesAStoredOne() throws {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: "milk")])
        let (interactor, output) = makeInteractor(store)
        try interactor.doSave(NoteDraft(title: "Shopping", body: "milk"), id: 1, owner: "ada")
        try interactor.doSave(NoteDraft(title: "Plans", body: ""), id: nil, owner: "ada")
        #expect(store.stored.map(\.title) == ["Shopping", "Plans"])
        #expect(output.saved.map(\.title) == ["Shopping", "Plans"])
    }

    @Test func reportsAFailedSaveAndAMissingNote() throws {
        let store = FakeNoteStore()
        let (interactor, output) = makeInteractor(store)
        interactor.doLoadNote(id: 7)
        store.failure = StubError(description: "/d/notes.sqlite: disk I/O error")
        try interactor.doSave(NoteDraft(title: "Plans", body: ""), id: nil, owner: "ada")
        #expect(output.failures == ["note 7 is gone (deleted elsewhere?); 'cancel' and pick another",
                                    "cannot save the note: /d/notes.sqlite: disk I/O error"])
    }
}
