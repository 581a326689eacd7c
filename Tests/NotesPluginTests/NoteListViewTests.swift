import ConformanceKit
import Contracts
import Testing
@testable import NotesPlugin

extension CommandError: @retroactive Equatable {
    public static func == (lhs: CommandError, rhs: CommandError) -> Bool { lhs.message == rhs.message }
}

@Suite struct NoteListViewTests {
    private final class IgnoringPresenter: NoteListEventHandling {
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

    private final class StatusLine: ModuleView {
        var title: String { "Account" }
        func render(on screen: any Screen) { screen.text("Signed in as ada") }
    }

    @Test func drawsTheStatusLineAboveTheNotes() {
        let view = NoteListView(presenter: IgnoringPresenter())
        view.didEmbed(StatusLine())
        var model = NoteListViewModel()
        model.rows = ["Groceries — milk"]
        model.notice = "Saved 'Groceries'."
        view.didUpdate(model)
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == ["embed: Account", "text: Signed in as ada", "1. Groceries — milk", "text: Saved 'Groceries'."])
    }

    @Test func drawsAnErrorInsteadOfTheList() {
        let view = NoteListView(presenter: IgnoringPresenter())
        var model = NoteListViewModel()
        model.rows = ["stale"]
        model.error = "cannot read notes: /d/notes.sqlite: not a valid SQLite database"
        view.didUpdate(model)
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == ["error: cannot read notes: /d/notes.sqlite: not a valid SQLite database"])
    }

    @Test func checksItemNumbersBeforeThePresenterSeesThem() {
        let view = NoteListView(presenter: IgnoringPresenter())
        var model = NoteListViewModel()
        model.rows = ["Groceries — milk"]
        view.didUpdate(model)
        #expect(throws: CommandError("'one' is not a number; give an item number from the list")) {
            try view.perform(CommandInvocation(name: "edit", arguments: ["one"], rest: "one"))
        }
        #expect(throws: CommandError("no item 2; choose 1 to 1")) {
            try view.perform(CommandInvocation(name: "delete", arguments: ["2"], rest: "2"))
        }
    }

    @Test func offersLoginOnlyWhileNobodyIsSignedIn() {
        let view = NoteListView(presenter: IgnoringPresenter())
        #expect(view.commands.map(\.name).contains("login"))
        var model = NoteListViewModel()
        model.signedIn = true
        view.didUpdate(model)
        #expect(!view.commands.map(\.name).contains("login"))
        #expect(view.commands.map(\.name).contains("signout"))
    }
}
