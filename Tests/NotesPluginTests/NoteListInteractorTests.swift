import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

@Suite struct NoteListInteractorTests {
    private func makeInteractor(_ store: FakeNoteStore, session: StubSession = StubSession()) -> (NoteListInteractor, SpyNoteListOutput) {
        let interactor = NoteListInteractor(store: store, session: session, logger: MemoryLogger())
        let output = SpyNoteListOutput()
        interactor.output = output
        return (interactor, output)
    }

    @Test func givesThePresenterTitlesAndFirstLinesNewestFirst() {
        let store = FakeNoteStore([
            NoteDraft(title: "Groceries", body: "\n  \nmilk\neggs"),
            NoteDraft(title: "Ideas", body: ""),
        ])
        let (interactor, output) = makeInteractor(store)
        interactor.doLoadNotes()
        #expect(output.loads.last == [
            NoteSummary(id: 2, title: "Ideas", firstLine: "", modified: 1_002),
            NoteSummary(id: 1, title: "Groceries", firstLine: "milk", modified: 1_001),
        ])
    }

    @Test func deletesANoteAndReloads() {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: ""), NoteDraft(title: "Ideas", body: "")])
        let (interactor, output) = makeInteractor(store)
        interactor.doDeleteNote(id: 1)
        #expect(store.stored.map(\.title) == ["Ideas"])
        #expect(output.deleted == ["Groceries"])
        #expect(output.loads.last?.map(\.title) == ["Ideas"])
    }

    @Test func reportsAStoreFailureNamingTheFile() {
        let store = FakeNoteStore()
        store.failure = StubError(description: "/data/notes.sqlite: not a valid SQLite database")
        let (interactor, output) = makeInteractor(store)
        interactor.doLoadNotes()
        #expect(output.loads.isEmpty)
        #expect(output.failures == ["cannot read notes: /data/notes.sqlite: not a valid SQLite database"])
    }

    @Test func knowsWhetherSomeoneIsSignedInAndSignsOut() {
        let session = StubSession(signedInAs: "ada")
        let (interactor, output) = makeInteractor(FakeNoteStore(), session: session)
        #expect(interactor.isSignedIn)
        interactor.doSignOut()
        #expect(!interactor.isSignedIn)
        interactor.doSignOut()
        #expect(output.signOuts == ["signed out", "nobody signed in"])
    }

    @Test func changingNotesNeedsASignedInAccount() {
        let session = StubSession()
        let (interactor, _) = makeInteractor(FakeNoteStore(), session: session)
        #expect(interactor.doRequest(.edit(id: 1)) == .signInFirst)
        #expect(interactor.pendingChange == .edit(id: 1))
        session.currentUser = User(name: "ada")
        #expect(interactor.doRequest(.delete(id: 2)) == .granted)
        // A granted change does not wait; the one kept for the sign-in still does.
        #expect(interactor.pendingChange == .edit(id: 1))
    }

    @Test func theWaitingChangeIsHandedBackOnceOrDropped() {
        let (interactor, _) = makeInteractor(FakeNoteStore())
        _ = interactor.doRequest(.create(title: "Plans"))
        #expect(interactor.doTakePendingChange() == .create(title: "Plans"))
        #expect(interactor.doTakePendingChange() == nil)
        _ = interactor.doRequest(.delete(id: 1))
        interactor.doDropPendingChange()
        #expect(interactor.doTakePendingChange() == nil)
    }

    @Test func findKeepsTheNotesWhoseTitleOrTextHoldsTheWordInAnyCase() {
        let store = FakeNoteStore([
            NoteDraft(title: "Groceries", body: "Milk\neggs"), NoteDraft(title: "Milkshake recipe", body: ""),
            NoteDraft(title: "Ideas", body: "a boat"), NoteDraft(title: "Café", body: ""),
        ])
        let (interactor, output) = makeInteractor(store)
        interactor.doFindNotes(matching: " milk ")
        #expect(output.loads.last?.map(\.title) == ["Milkshake recipe", "Groceries"])
        #expect(output.searches.last == "milk")
        interactor.doFindNotes(matching: "cafe")
        #expect(output.loads.last?.map(\.title) == ["Café"])
    }

    @Test func theSearchStaysAcrossReloadsUntilFindIsEmpty() {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: ""), NoteDraft(title: "Ideas", body: "")])
        let (interactor, output) = makeInteractor(store)
        interactor.doFindNotes(matching: "idea")
        interactor.doLoadNotes()
        #expect(output.loads.last?.map(\.title) == ["Ideas"])
        interactor.doFindNotes(matching: "")
        #expect(output.loads.last?.count == 2)
        #expect(output.searches.last == .some(nil))
    }
}
