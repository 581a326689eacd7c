import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// The editor saves a note only as its owner: never while nobody is signed in, never as another
/// account; and work kept across a crash carries the owner and the session's resume token, so the
/// restored editor signs its owner in again and saves to the note it edits.
@Suite struct NoteEditorOwnerTests {
    private func makeEditor(session: any Session, store: FakeNoteStore = FakeNoteStore())
        -> (presenter: NoteEditorPresenter, router: SpyNoteEditorRouter, output: SpyNoteEditingOutput) {
        let log = EventLog()
        let interactor = NoteEditorInteractor(store: store, session: session)
        let router = SpyNoteEditorRouter(log: log)
        let presenter = NoteEditorPresenter(interactor: interactor, router: router)
        interactor.output = presenter
        let output = SpyNoteEditingOutput(log: log)
        presenter.output = output
        return (presenter, router, output)
    }

    @Test func theInteractorNeverSavesWithoutTheOwnerSignedIn() {
        let store = FakeNoteStore()
        let session = StubSession()
        let interactor = NoteEditorInteractor(store: store, session: session)
        #expect { try interactor.doSave(NoteDraft(title: "Draft", body: ""), id: nil, owner: nil) } throws: {
            "\($0)" == "nobody is signed in, so the note would belong to nobody; sign in to save it"
        }
        session.currentUser = User(name: "bob")
        #expect { try interactor.doSave(NoteDraft(title: "Draft", body: ""), id: nil, owner: "ada") } throws: {
            "\($0)" == "this note is ada's; sign in as ada to save it"
        }
        #expect(store.stored.isEmpty)
    }

    @Test func keptWorkCarriesTheOwnerAndTheResumeToken() throws {
        let editor = makeEditor(session: StubResumingSession(signedInAs: "ada"))
        editor.presenter.startNewNote(title: "Draft")
        editor.presenter.didAppendLine("first line")
        let kept = try #require(editor.presenter.keptWork)
        let work = try JSONDecoder().decode(NoteEditorKeptWork.self, from: Data(kept.utf8))
        #expect(work.owner == "ada")
        #expect(work.resume == "token-of-ada")
        #expect(work.body == "first line")
    }

    @Test func aRestoredEditorSignsItsOwnerInAgainAndSavesToTheNoteItEdits() throws {
        let store = FakeNoteStore([NoteDraft(title: "Old", body: "v1")])
        let writer = makeEditor(session: StubResumingSession(signedInAs: "ada"), store: store)
        writer.presenter.edit(noteID: 1)
        writer.presenter.didAppendLine("v2")
        let kept = try #require(writer.presenter.keptWork)

        let session = StubResumingSession()  // a new worker: nobody signed in
        let restored = makeEditor(session: session, store: store)
        try restored.presenter.takeBack(kept)
        #expect(session.resumed == ["token-of-ada"])
        #expect(session.currentUser?.name == "ada")
        try restored.presenter.didAskToSave()
        #expect(try store.note(id: 1)?.body == "v1\nv2")
        #expect(store.stored.count == 1, "saved to note 1, not as a copy")
    }

    @Test func whenTheSignInCannotComeBackSaveAsksTheOwnerToSignInThenSaves() throws {
        let kept = "{\"noteID\":null,\"title\":\"Draft\",\"body\":\"text\",\"storedTitle\":\"\",\"storedBody\":\"\",\"owner\":\"ada\",\"resume\":\"expired\"}"
        let store = FakeNoteStore()
        let session = StubResumingSession()
        let editor = makeEditor(session: session, store: store)
        try editor.presenter.takeBack(kept)
        try editor.presenter.didAskToSave()
        #expect(editor.router.logins == ["Sign in as ada to save ada's note."])
        #expect(store.stored.isEmpty)
        session.currentUser = User(name: "bob")
        editor.presenter.loginDidSucceed(User(name: "bob"))
        #expect(store.stored.isEmpty, "bob does not take ada's note")
        session.currentUser = User(name: "ada")
        editor.presenter.loginDidSucceed(User(name: "ada"))
        #expect(store.stored.map(\.title) == ["Draft"])
        #expect(editor.output.saved.map(\.title) == ["Draft"])
    }

    @Test func workKeptBeforeOwnersWereKeptIsTakenAsTheSignedInAccounts() throws {
        let kept = "{\"noteID\":null,\"title\":\"Draft\",\"body\":\"text\",\"storedTitle\":\"\",\"storedBody\":\"\"}"
        let editor = makeEditor(session: StubResumingSession(signedInAs: "ada"))
        try editor.presenter.takeBack(kept)
        #expect(editor.presenter.owner == "ada")
    }
}
