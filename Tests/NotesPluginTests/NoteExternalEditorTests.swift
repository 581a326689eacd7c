import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// `editor` hands the body to the user's editor and takes the text back as unsaved work;
/// when no editor is set or it fails, the body stays as it was and the command says why.
@Suite struct NoteExternalEditorTests {
    private func makePresenter(_ editor: StubTextEditor) -> (NoteEditorPresenter, SpyNoteEditorView) {
        let interactor = NoteEditorInteractor(store: FakeNoteStore([NoteDraft(title: "Groceries", body: "milk")]), session: StubSession(signedInAs: "ada"), textEditor: editor)
        let presenter = NoteEditorPresenter(interactor: interactor, router: SpyNoteEditorRouter(log: EventLog()))
        let view = SpyNoteEditorView()
        interactor.output = presenter
        presenter.view = view
        presenter.edit(noteID: 1)
        return (presenter, view)
    }

    @Test func theEditedTextComesBackAsUnsavedWork() throws {
        let editor = StubTextEditor(answer: "milk\neggs\nbread")
        let (presenter, view) = makePresenter(editor)
        try presenter.didAskForExternalEditor()
        #expect(editor.given == ["milk"])
        #expect(view.last?.bodyLines == ["milk", "eggs", "bread"])
        #expect(presenter.unsavedWork != nil)
    }

    @Test func aFailedEditorLeavesTheBodyAsItWas() throws {
        let editor = StubTextEditor()
        editor.failure = CommandError("the editor 'vi' exited with status 1; the note is as it was")
        let (presenter, view) = makePresenter(editor)
        #expect(throws: CommandError.self) { try presenter.didAskForExternalEditor() }
        #expect(view.last?.bodyLines == ["milk"])
        #expect(presenter.unsavedWork == nil)
    }

    @Test func withoutVisualOrEditorTheCommandSaysWhatToSet() {
        #expect(ProcessTextEditor(environment: ["EDITOR": " "]).command == nil)
        #expect(ProcessTextEditor(environment: ["VISUAL": "vim", "EDITOR": "nano"]).command == "vim")
        #expect { try ProcessTextEditor(environment: [:]).edit("x") } throws: {
            "\($0)" == "no editor is set: set VISUAL or EDITOR (e.g. export EDITOR=nano), or write with 'body TEXT' and 'add TEXT'"
        }
    }
}
