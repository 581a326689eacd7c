import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// The editor Presenter with a spy view, a spy router and a spy output, over the
/// real Interactor with an in-memory store.
@Suite struct NoteEditorPresenterTests {
    private struct Parts {
        let presenter: NoteEditorPresenter
        let view: SpyNoteEditorView
        let store: FakeNoteStore
        let output: SpyNoteEditingOutput
        let log: EventLog
    }

    private func makePresenter(notes: [NoteDraft] = []) -> Parts {
        let log = EventLog()
        let store = FakeNoteStore(notes)
        let interactor = NoteEditorInteractor(store: store, session: StubSession(signedInAs: "ada"))
        let presenter = NoteEditorPresenter(interactor: interactor, router: SpyNoteEditorRouter(log: log))
        let view = SpyNoteEditorView()
        interactor.output = presenter
        presenter.view = view
        let output = SpyNoteEditingOutput(log: log)
        presenter.output = output
        return Parts(presenter: presenter, view: view, store: store, output: output, log: log)
    }

    @Test func configuredWithANoteItShowsThatNote() {
        let parts = makePresenter(notes: [NoteDraft(title: "Groceries", body: "milk\neggs")])
        parts.presenter.edit(noteID: 1)
        #expect(parts.view.last == NoteEditorViewModel(heading: "Editing note", title: "Groceries",
                                                       bodyLines: ["milk", "eggs"], unsavedHint: nil, error: nil))
    }

    @Test func savingANewNoteStoresItClosesAndTellsTheOutput() throws {
        let parts = makePresenter()
        parts.presenter.startNewNote(title: "Plans")
        parts.presenter.didAppendLine("go north")
        parts.presenter.didAppendLine("then east")
        try parts.presenter.didAskToSave()
        #expect(parts.store.stored.map(\.body) == ["go north\nthen east"])
        #expect(parts.log.events == ["close", "saved Plans"])
        #expect(parts.output.saved == parts.store.stored)
    }

    @Test func savingAnEditedNoteUpdatesIt() throws {
        let parts = makePresenter(notes: [NoteDraft(title: "Groceries", body: "milk")])
        parts.presenter.edit(noteID: 1)
        try parts.presenter.didChangeTitle("Shopping")
        try parts.presenter.didAskToSave()
        #expect(parts.store.stored.map(\.title) == ["Shopping"])
        #expect(parts.store.stored.count == 1)
    }

    @Test func marksUnsavedChanges() throws {
        let parts = makePresenter(notes: [NoteDraft(title: "Groceries", body: "milk")])
        parts.presenter.edit(noteID: 1)
        parts.presenter.didChangeBody("bread")
        #expect(parts.view.last?.unsavedHint == "Unsaved: the text (1 line). 'save' keeps the changes; 'cancel' (or 'close') asks before dropping them.")
        #expect(parts.view.last?.bodyLines == ["bread"])
    }

    @Test func refusesToSaveWithoutATitle() {
        let parts = makePresenter()
        parts.presenter.startNewNote(title: "")
        #expect(throws: CommandError.self) { try parts.presenter.didAskToSave() }
        #expect(throws: CommandError.self) { try parts.presenter.didChangeTitle("   ") }
        #expect(parts.store.stored.isEmpty)
        #expect(parts.log.events.isEmpty)
    }

    @Test func aMissingNoteIsShownAsAnError() {
        let parts = makePresenter()
        parts.presenter.edit(noteID: 7)
        #expect(parts.view.last?.error == "note 7 is gone (deleted elsewhere?); 'cancel' and pick another")
    }

    @Test func aFailedSaveKeepsTheEditorOpen() throws {
        let parts = makePresenter()
        parts.presenter.startNewNote(title: "Plans")
        parts.store.failure = StubError(description: "/d/notes.sqlite: disk I/O error")
        try parts.presenter.didAskToSave()
        #expect(parts.log.events.isEmpty)
        #expect(parts.view.last?.error == "cannot save the note: /d/notes.sqlite: disk I/O error")
    }

    @Test func cancellingClosesThenTellsTheOutput() throws {
        let parts = makePresenter()
        try parts.presenter.didAskToCancel()
        #expect(parts.log.events == ["close", "cancelled"])
    }

    @Test func theScreenNamesWhatIsUnsaved() {
        let parts = makePresenter(notes: [NoteDraft(title: "Groceries", body: "milk")])
        parts.presenter.edit(noteID: 1)
        parts.presenter.didAppendLine("eggs")
        #expect(parts.view.last?.unsavedHint == "Unsaved: the text (2 lines). 'save' keeps the changes; 'cancel' (or 'close') asks before dropping them.")
        try? parts.presenter.didChangeTitle("Shopping")
        #expect(parts.view.last?.unsavedHint?.hasPrefix("Unsaved: the title (was 'Groceries') and the text (2 lines).") == true)
    }

    @Test func cancelWithUnsavedTextWarnsOnceThenDropsIt() throws {
        let parts = makePresenter()
        parts.presenter.startNewNote(title: "Plans")
        parts.presenter.didAppendLine("go north")
        #expect { try parts.presenter.didAskToCancel() } throws: {
            "\($0)" == "the title and the text (1 line) would be lost; type 'save' to keep the changes, or 'cancel' again to drop them"
        }
        #expect(parts.log.events.isEmpty)
        try parts.presenter.didAskToCancel()
        #expect(parts.log.events == ["close", "cancelled"])
    }

    @Test func anEditAfterTheWarningAsksAgain() throws {
        let parts = makePresenter()
        parts.presenter.startNewNote(title: "Plans")
        #expect(throws: CommandError.self) { try parts.presenter.didAskToCancel() }
        parts.presenter.didAppendLine("more")
        #expect(throws: CommandError.self) { try parts.presenter.didAskToCancel() }
        #expect(parts.log.events.isEmpty)
    }
}
