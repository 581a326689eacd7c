import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// Each account sees only its own notes: signed out, the list shows none of them, and a
/// number typed there means the item of the list the sign-in brings.
@Suite struct NoteListAccountTests {
    private struct Parts {
        let presenter: NoteListPresenter
        let interactor: NoteListInteractor
        let view: SpyNoteListView
        let router: SpyNoteListRouter
        let store: FakeNoteStore
        let session: StubSession
    }

    /// A list over a store that, like the SQLite one, shows nothing while nobody is signed in.
    private func makeSignedOutList(notes: [NoteDraft]) -> Parts {
        let store = FakeNoteStore(notes)
        let session = StubSession()
        store.shownOnlyToUsersOf = session
        let interactor = NoteListInteractor(store: store, session: session, logger: MemoryLogger())
        let router = SpyNoteListRouter()
        let presenter = NoteListPresenter(interactor: interactor, router: router)
        let view = SpyNoteListView()
        interactor.output = presenter
        presenter.view = view
        presenter.didAppear()
        return Parts(presenter: presenter, interactor: interactor, view: view, router: router, store: store, session: session)
    }

    private let notes = [NoteDraft(title: "Groceries", body: "milk"), NoteDraft(title: "Plans", body: "go north")]

    @Test func signedOutTheEmptyListSaysHowToSignIn() {
        let parts = makeSignedOutList(notes: notes)
        #expect(parts.view.last?.rows == [])
        #expect(parts.view.last?.emptyMessage == NoteListPresenter.signedOutEmptyMessage)
    }

    @Test func editNSignedOutSignsInThenEditsItemNOfTheAccountsList() throws {
        let parts = makeSignedOutList(notes: notes)
        try parts.presenter.didAskToEdit(item: 2)
        #expect(parts.interactor.pendingChange == .editItem(2))
        parts.session.currentUser = User(name: "ada")
        parts.presenter.loginDidSucceed(User(name: "ada"))
        #expect(parts.router.routes == [.login(reason: "Sign in to change notes."), .closeLogin, .editor(noteID: 1, title: "")],
                "item 2 of ada's list, newest first, is the older note")
    }

    @Test func deleteNSignedOutSignsInThenDeletesItemNOfTheAccountsList() throws {
        let parts = makeSignedOutList(notes: notes)
        try parts.presenter.didAskToDelete(item: 1)
        parts.session.currentUser = User(name: "ada")
        parts.presenter.loginDidSucceed(User(name: "ada"))
        #expect(parts.store.stored.map(\.title) == ["Groceries"])
        #expect(parts.view.last?.notice == "Deleted 'Plans'. Type 'undo' to bring it back.")
    }

    @Test func aNumberTheAccountsListDoesNotHaveIsRefusedAfterTheSignIn() throws {
        let parts = makeSignedOutList(notes: notes)
        try parts.presenter.didAskToEdit(item: 5)
        parts.session.currentUser = User(name: "ada")
        parts.presenter.loginDidSucceed(User(name: "ada"))
        #expect(parts.view.last?.error == "cannot carry on after signing in: no note 5; choose 1 to 2")
        #expect(parts.router.routes == [.login(reason: "Sign in to change notes."), .closeLogin])
    }

    @Test func theModelSaysWhetherSomeoneIsSignedInSoTheViewOffersLoginOnlyWhenNobodyIs() {
        let parts = makeSignedOutList(notes: notes)
        #expect(parts.view.last?.signedIn == false)
        parts.session.currentUser = User(name: "ada")
        parts.presenter.reloadNotes()
        #expect(parts.view.last?.signedIn == true)
    }

    @Test func showingSignedOutSaysNobodyIsSignedIn() {
        let parts = makeSignedOutList(notes: notes)
        #expect(throws: CommandError("nobody is signed in, so no notes are shown; type 'login' to see yours")) {
            try parts.presenter.didAskToShow(item: 1)
        }
    }

    @Test func signingOutTakesTheAccountsNotesOffTheScreen() {
        let parts = makeSignedOutList(notes: notes)
        parts.session.currentUser = User(name: "ada")
        parts.presenter.reloadNotes()
        #expect(parts.view.last?.rows.count == 2)
        parts.presenter.didAskToSignOut()
        #expect(parts.view.last?.rows == [])
        #expect(parts.view.last?.notice == "Signed out.")
    }

    @Test func aRouteToANoteSignedOutWaitsForTheSignInInsteadOfSayingItIsGone() throws {
        let parts = makeSignedOutList(notes: notes)
        try parts.interactor.doCheckNoteExists(id: 1)
        parts.session.currentUser = User(name: "ada")
        #expect(throws: CommandError.self) { try parts.interactor.doCheckNoteExists(id: 9) }
    }

    @Test func loginSignsInThenShowsTheAccountsNotes() throws {
        let parts = makeSignedOutList(notes: notes)
        try parts.presenter.didAskToSignIn()
        #expect(parts.router.routes == [.login(reason: "Sign in to see your notes.")])
        parts.session.currentUser = User(name: "ada")
        parts.presenter.loginDidSucceed(User(name: "ada"))
        #expect(parts.view.last?.rows.count == 2)
    }

    @Test func exportSignedOutSaysToSignInAndWritesNothing() {
        let parts = makeSignedOutList(notes: notes)
        #expect(throws: CommandError("nobody is signed in, so there are no notes to export; type 'login' first")) {
            try parts.presenter.didAskToExport(to: "/nonexistent")
        }
    }
}
