import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// A paste of several lines in the editor is text of the body, unsaved; `delete N`
/// names the note in the question the shell asks at a terminal.
@Suite struct NotePasteAndDeleteQuestionTests {
    @Test func aPasteAddsItsLinesToTheBodyAsUnsavedWork() throws {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: "milk")])
        let interactor = NoteEditorInteractor(store: store, session: StubSession(signedInAs: "ada"))
        let presenter = NoteEditorPresenter(interactor: interactor, router: SpyNoteEditorRouter(log: EventLog()))
        let view = NoteEditorView(presenter: presenter)
        let spy = SpyNoteEditorView()
        interactor.output = presenter
        presenter.view = spy
        presenter.edit(noteID: 1)
        try view.receivePaste(["eggs", "save", "home"])
        #expect(spy.last?.bodyLines == ["milk", "eggs", "save", "home"])
        #expect(spy.last?.unsavedHint != nil)
        #expect(store.stored.map(\.body) == ["milk"], "nothing is saved by a paste")
    }

    @Test func deleteAsksAboutTheNoteByTitleAndOtherCommandsAskNothing() {
        let store = FakeNoteStore([NoteDraft(title: "Groceries", body: "milk")])
        let interactor = NoteListInteractor(store: store, session: StubSession(signedInAs: "ada"), logger: MemoryLogger())
        let presenter = NoteListPresenter(interactor: interactor, router: SpyNoteListRouter())
        let view = NoteListView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        presenter.didAppear()
        #expect(view.confirmation(for: CommandInvocation(name: "delete", arguments: ["1"], rest: "1")) == "Delete 'Groceries' (note 1)?")
        #expect(view.confirmation(for: CommandInvocation(name: "delete", arguments: ["4"], rest: "4")) == nil, "no note 4: the command says so without asking")
        #expect(view.confirmation(for: CommandInvocation(name: "show", arguments: ["1"], rest: "1")) == nil)
    }
}
