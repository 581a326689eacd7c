import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// The list Presenter with a spy view and a spy router, over the real Interactor
/// with an in-memory store.
@Suite struct NoteListPresenterTests {
    private struct Parts {
        let presenter: NoteListPresenter
        let interactor: NoteListInteractor
        let view: SpyNoteListView
        let router: SpyNoteListRouter
        let store: FakeNoteStore
        let session: StubSession
    }

    private func makePresenter(signedInAs user: String? = nil, notes: [NoteDraft] = []) -> Parts {
        let store = FakeNoteStore(notes)
        let session = StubSession(signedInAs: user)
        let interactor = NoteListInteractor(store: store, session: session, logger: MemoryLogger())
        let router = SpyNoteListRouter()
        let presenter = NoteListPresenter(interactor: interactor, router: router)
        let view = SpyNoteListView()
        interactor.output = presenter
        presenter.view = view
        return Parts(presenter: presenter, interactor: interactor, view: view, router: router, store: store, session: session)
    }

    private let groceries = NoteDraft(title: "Groceries", body: "milk\neggs")

    @Test func showsEachNoteAsTitleAndFirstLine() {
        let parts = makePresenter(notes: [groceries, NoteDraft(title: "", body: "")])
        parts.presenter.didAppear()
        #expect(parts.view.last?.rows == ["(untitled) (modified 1970-01-01 00:16)", "Groceries — milk (modified 1970-01-01 00:16)"])
    }

    @Test func showsAnEmptyStateWithAHint() {
        let parts = makePresenter(signedInAs: "ada")
        parts.presenter.didAppear()
        #expect(parts.view.last?.rows == [])
        #expect(parts.view.last?.emptyMessage == "No notes yet. Type 'new TITLE' to write one.")
    }

    @Test func embedsTheStatusLineOnceAndRefreshesItOnEveryAppearance() throws {
        let parts = makePresenter()
        parts.presenter.didAppear()
        parts.presenter.didAppear()
        #expect(parts.router.embedCount == 1)
        #expect(parts.router.status?.refreshCount == 2)
    }

    @Test func worksWithoutAStatusLine() {
        let parts = makePresenter(notes: [groceries])
        parts.router.status = nil
        parts.presenter.didAppear()
        #expect(parts.view.last?.rows == ["Groceries — milk (modified 1970-01-01 00:16)"])
    }

    @Test func editingWhileSignedInPushesTheEditorOnThatNote() throws {
        let parts = makePresenter(signedInAs: "ada", notes: [groceries])
        parts.presenter.didAppear()
        try parts.presenter.didAskToEdit(item: 1)
        #expect(parts.router.routes == [.editor(noteID: 1, title: "")])
        #expect(parts.router.editorOutput === parts.presenter)
    }

    @Test func editingWhileSignedOutPresentsLoginFirst() throws {
        let parts = makePresenter(notes: [groceries])
        parts.presenter.didAppear()
        try parts.presenter.didAskToEdit(item: 1)
        #expect(parts.router.routes == [.login(reason: "Sign in to change notes.")])
        #expect(parts.router.loginOutput === parts.presenter)
        #expect(parts.interactor.pendingChange == .edit(id: 1))
    }

    @Test func carriesOnWithTheEditAfterASuccessfulLogin() throws {
        let parts = makePresenter(notes: [groceries])
        parts.presenter.didAppear()
        try parts.presenter.didAskForNewNote(title: " Plans ")
        parts.session.currentUser = User(name: "ada")
        parts.presenter.loginDidSucceed(User(name: "ada"))
        #expect(parts.router.routes == [.login(reason: "Sign in to change notes."), .closeLogin, .editor(noteID: nil, title: "Plans")],
                "the sign-in is closed (if it did not close itself) before the editor opens on the list")
        #expect(parts.interactor.pendingChange == nil)
        #expect(parts.router.status?.refreshCount == 2)
    }

    @Test func dropsTheEditWhenLoginIsCancelled() throws {
        let parts = makePresenter(notes: [groceries])
        parts.presenter.didAppear()
        try parts.presenter.didAskToEdit(item: 1)
        parts.presenter.loginDidCancel()
        #expect(parts.router.routes == [.login(reason: "Sign in to change notes."), .closeLogin])
        #expect(parts.interactor.pendingChange == nil)
        #expect(parts.view.last?.notice == "Not signed in: the notes stay as they are.")
    }

    @Test func deletingNeedsASignInToo() throws {
        let parts = makePresenter(notes: [groceries])
        parts.presenter.didAppear()
        try parts.presenter.didAskToDelete(item: 1)
        #expect(parts.store.stored.count == 1)
        parts.session.currentUser = User(name: "ada")
        parts.presenter.loginDidSucceed(User(name: "ada"))
        #expect(parts.store.stored.isEmpty)
        #expect(parts.view.last?.rows == [])
        #expect(parts.view.last?.notice == "Deleted 'Groceries'. Type 'undo' to bring it back.")
    }

    @Test func refusesANumberThatIsNotInTheList() {
        let parts = makePresenter(signedInAs: "ada", notes: [groceries])
        parts.presenter.didAppear()
        #expect(throws: CommandError.self) { try parts.presenter.didAskToEdit(item: 2) }
        #expect(parts.router.routes.isEmpty)
    }

    @Test func aFailedLoginRouteIsThrownAndForgotten() {
        let parts = makePresenter(notes: [groceries])
        parts.router.loginFailure = StubError(description: "no plugin provides Contracts.Login")
        parts.presenter.didAppear()
        #expect(throws: StubError.self) { try parts.presenter.didAskToEdit(item: 1) }
        #expect(parts.interactor.pendingChange == nil)
    }

    @Test func reloadsAndSaysSoWhenTheEditorSaved() throws {
        let parts = makePresenter(signedInAs: "ada")
        parts.presenter.didAppear()
        let note = try parts.store.add(NoteDraft(title: "Plans", body: "go north"))
        parts.presenter.noteEditorDidSave(note)
        #expect(parts.view.last?.rows == ["Plans — go north (modified 1970-01-01 00:16)"])
        #expect(parts.view.last?.notice == "Saved 'Plans'.")
    }

    @Test func aNoticeLastsUntilTheListAppearsAgain() throws {
        let parts = makePresenter(signedInAs: "ada")
        parts.presenter.didAppear()
        parts.presenter.noteEditorDidSave(try parts.store.add(NoteDraft(title: "Plans", body: "")))
        #expect(parts.view.last?.notice == "Saved 'Plans'.")
        parts.presenter.didAppear()
        #expect(parts.view.last?.notice == nil)
    }

    @Test func showsAStoreFailureInPlaceOfTheList() {
        let parts = makePresenter()
        parts.store.failure = StubError(description: "/d/notes.sqlite: not a valid SQLite database")
        parts.presenter.didAppear()
        #expect(parts.view.last?.error == "cannot read notes: /d/notes.sqlite: not a valid SQLite database")
    }

    @Test func signingOutRefreshesTheStatusLine() {
        let parts = makePresenter(signedInAs: "ada")
        parts.presenter.didAppear()
        parts.presenter.didAskToSignOut()
        #expect(parts.session.currentUser == nil)
        #expect(parts.router.status?.refreshCount == 2)
        #expect(parts.view.last?.notice == "Signed out.")
    }

    @Test func signingOutWithNobodySignedInSaysSo() {
        let parts = makePresenter()
        parts.presenter.didAppear()
        parts.presenter.didAskToSignOut()
        #expect(parts.router.status?.refreshCount == 1)
        #expect(parts.view.last?.notice == "Nobody is signed in.")
    }

    @Test func handsTheEmbeddedStatusLineToTheView() {
        let parts = makePresenter()
        parts.presenter.didAppear()
        #expect(parts.view.embedded == ["Account"])
    }

    @Test func findSaysHowManyNotesMatchAndHowToListAll() {
        let parts = makePresenter(notes: [groceries, NoteDraft(title: "Ideas", body: "")])
        parts.presenter.didAskToFind("MILK")
        #expect(parts.view.last?.rows == ["Groceries — milk (modified 1970-01-01 00:16)"])
        #expect(parts.view.last?.searchLine == "1 note with 'MILK'. Type 'find' to list every note.")
        parts.presenter.didAskToFind("boat")
        #expect(parts.view.last?.emptyMessage == "No note has 'boat' in its title or text. Type 'find' to list every note.")
        parts.presenter.didAskToFind("")
        #expect(parts.view.last?.searchLine == nil)
        #expect(parts.view.last?.rows.count == 2)
    }

    @Test func theModifiedTimeIsShownInTheClocksTimeZone() {
        let interactor = NoteListInteractor(store: FakeNoteStore([groceries]), session: StubSession(signedInAs: nil), logger: MemoryLogger())
        let presenter = NoteListPresenter(interactor: interactor, router: SpyNoteListRouter(), timeZoneIdentifier: "Europe/Berlin")
        let view = SpyNoteListView()
        interactor.output = presenter
        presenter.view = view
        presenter.reloadNotes()
        #expect(view.last?.rows == ["Groceries — milk (modified 1970-01-01 01:16)"])
    }
}
