import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// `show N` reads a whole note below the list, without editing it and without a sign-in.
@Suite struct NoteShowTests {
    private func makePresenter(notes: [NoteDraft]) -> (NoteListPresenter, SpyNoteListView) {
        let interactor = NoteListInteractor(store: FakeNoteStore(notes), session: StubSession(signedInAs: nil), logger: MemoryLogger())
        let router = SpyNoteListRouter()
        let presenter = NoteListPresenter(interactor: interactor, router: router)
        let view = SpyNoteListView()
        interactor.output = presenter
        presenter.view = view
        return (presenter, view)
    }

    @Test func showDrawsEveryLineOfTheNoteWithWhenItWasModified() throws {
        let (presenter, view) = makePresenter(notes: [NoteDraft(title: "Groceries", body: "milk\n\neggs")])
        presenter.didAppear()
        try presenter.didAskToShow(item: 1)
        #expect(view.last?.shown == ShownNote(heading: "Groceries", modified: "1970-01-01 00:16", lines: ["milk", "", "eggs"]))
        presenter.didAppear()
        #expect(view.last?.shown == nil, "the note is shown once, for the command that asked")
    }

    @Test func theViewDrawsTheShownNoteBelowTheList() {
        final class Ignoring: NoteListEventHandling {
            func didAppear() {}
            func didAskForNewNote(title: String) throws {}
            func didAskToEdit(item: Int) throws {}
            func didAskToDelete(item: Int) throws {}
            func didAskToShow(item: Int) throws {}
        func didAskToUndo() throws {}
        func didAskToExport(to folder: String) throws {}
        func didAskToImport(from folder: String) throws {}
            func didAskToSignOut() {}
            func didAskToSignIn() throws {}
            func deleteQuestion(item: Int) -> String { "" }
            func didAskToFind(_ text: String) {}
        }
        let view = NoteListView(presenter: Ignoring())
        var model = NoteListViewModel()
        model.rows = ["Groceries — milk (modified 2026-12-01 09:00)"]
        model.shown = ShownNote(heading: "Groceries", modified: "2026-12-01 09:00", lines: ["milk", "eggs"])
        view.didUpdate(model)
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == ["1. Groceries — milk (modified 2026-12-01 09:00)", "heading: Groceries",
                                 "field: Modified = 2026-12-01 09:00", "text: milk", "text: eggs"])
    }

    @Test func aNumberThatIsNotListedIsRefused() {
        let (presenter, _) = makePresenter(notes: [NoteDraft(title: "Groceries", body: "milk")])
        presenter.didAppear()
        #expect { try presenter.didAskToShow(item: 2) } throws: { "\($0)" == "no note 2; choose 1 to 1" }
    }
}
