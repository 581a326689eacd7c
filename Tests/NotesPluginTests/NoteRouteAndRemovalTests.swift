import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// Routes and removal in the Notes plugin, per layer: the rules (what is unsaved, whether a routed
/// note exists) in the Interactors, the words in the Presenters, and the list opened on
/// one note (`notes/:id`) going through the same sign-in as `edit N`.
@Suite struct NoteRouteAndRemovalTests {
    // MARK: Interactors: the rules

    @Test func theEditorInteractorFindsWhatDiffersFromTheStoredNote() {
        let interactor = NoteEditorInteractor(store: FakeNoteStore(), session: StubSession(signedInAs: "ada"))
        let stored = NoteDraft(title: "Groceries", body: "milk")
        #expect(interactor.doFindUnsavedChanges(draft: stored, stored: stored, isStored: true) == [])
        #expect(interactor.doFindUnsavedChanges(draft: NoteDraft(title: "Shopping", body: "milk\neggs"), stored: stored, isStored: true)
                == [.title(was: "Groceries"), .text(lines: 2)])
        #expect(interactor.doFindUnsavedChanges(draft: NoteDraft(title: "Plans", body: ""), stored: NoteDraft(title: "", body: ""), isStored: false)
                == [.title(was: nil)])
        #expect(interactor.doFindUnsavedChanges(draft: NoteDraft(title: "Groceries", body: ""), stored: stored, isStored: true)
                == [.text(lines: 0)], "an emptied body is a change too")
    }

    @Test func theListInteractorRefusesANoteIdThatIsNotStored() throws {
        let interactor = NoteListInteractor(store: FakeNoteStore([NoteDraft(title: "Groceries", body: "")]),
                                            session: StubSession(signedInAs: "ada"), logger: MemoryLogger())
        try interactor.doCheckNoteExists(id: 1)
        #expect { try interactor.doCheckNoteExists(id: 9) } throws: {
            "\($0)" == "ada has no note 9 (each account has its own notes and ids); the list shows yours"
        }
    }

    // MARK: Presenters: the words, and who is told

    private func makeEditor(notes: [NoteDraft] = []) -> (NoteEditorPresenter, SpyNoteEditingOutput, EventLog) {
        let log = EventLog()
        let interactor = NoteEditorInteractor(store: FakeNoteStore(notes), session: StubSession(signedInAs: "ada"))
        let presenter = NoteEditorPresenter(interactor: interactor, router: SpyNoteEditorRouter(log: log))
        interactor.output = presenter
        let output = SpyNoteEditingOutput(log: log)
        presenter.output = output
        return (presenter, output, log)
    }

    @Test func theEditorSaysWhatLeavingWouldLoseInWords() throws {
        let (presenter, output, _) = makeEditor(notes: [NoteDraft(title: "Groceries", body: "milk")])
        presenter.edit(noteID: 1)
        #expect(presenter.unsavedWork == nil)
        try presenter.didChangeTitle("Shopping")
        presenter.didAppendLine("eggs")
        #expect(presenter.unsavedWork == "the title (was 'Groceries') and the text (2 lines)")
        withExtendedLifetime(output) {}
    }

    @Test func theEditorRemovedByTheShellTellsItsOutputItWasCancelledWithoutClosingItself() {
        let (presenter, output, log) = makeEditor()
        presenter.startNewNote(title: "Plans")
        presenter.didLeaveWithoutSaving()
        #expect(log.events == ["cancelled"], "told once, and no router.close(): the shell already removed it")
        withExtendedLifetime(output) {}
    }

    private func makeList(signedInAs user: String?, notes: [NoteDraft]) -> (NoteListPresenter, SpyNoteListRouter, SpyNoteListView) {
        let interactor = NoteListInteractor(store: FakeNoteStore(notes), session: StubSession(signedInAs: user), logger: MemoryLogger())
        let router = SpyNoteListRouter()
        let presenter = NoteListPresenter(interactor: interactor, router: router)
        let view = SpyNoteListView()
        interactor.output = presenter
        presenter.view = view
        return (presenter, router, view)
    }

    @Test func theListOpenedOnANoteEditsItWhenItAppearsOnce() throws {
        let (presenter, router, view) = makeList(signedInAs: "ada", notes: [NoteDraft(title: "Groceries", body: "milk")])
        try presenter.open(noteID: 1)
        #expect(router.routes.isEmpty, "nothing is routed while the module is being built")
        presenter.didAppear()
        presenter.didAppear()
        #expect(router.routes == [.editor(noteID: 1, title: "")])
        #expect(view.last?.rows.count == 1)
    }

    @Test func theListOpenedOnANoteSignsInFirstAndThenEditsIt() throws {
        let (presenter, router, _) = makeList(signedInAs: nil, notes: [NoteDraft(title: "Groceries", body: "milk")])
        try presenter.open(noteID: 1)
        presenter.didAppear()
        #expect(router.routes == [.login(reason: "Sign in to change notes.")])
        presenter.loginDidSucceed(User(name: "ada"))
        #expect(router.routes.last == .editor(noteID: 1, title: ""))
    }

    @Test func theListIsNotOpenedOnANoteThatIsNotStored() {
        let (presenter, router, _) = makeList(signedInAs: "ada", notes: [])
        #expect { try presenter.open(noteID: 3) } throws: {
            "\($0)" == "ada has no note 3 (each account has its own notes and ids); the list shows yours"
        }
        presenter.didAppear()
        #expect(router.routes.isEmpty)
    }

    @Test func aSignInClosedByTheShellLeavesTheListsNotice() throws {
        let (presenter, router, view) = makeList(signedInAs: nil, notes: [])
        try presenter.didAskForNewNote(title: "Plans")
        #expect(router.routes == [.login(reason: "Sign in to change notes.")])
        presenter.didAppear()          // the shell removed the form, the list appeared again,
        presenter.loginDidCancel()     // then the form told its output
        #expect(view.last?.notice == "Not signed in: the notes stay as they are.")
    }
}
