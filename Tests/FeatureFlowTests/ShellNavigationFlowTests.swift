import Foundation
import Testing
import ViperTestSupport

/// Navigation through the built `viper` with the bundled plugins: the shell tells a module
/// it removes and asks before losing unsaved text (`back!` and `--yes` for scripts),
/// `present` and `root` from the shell, and the routes `notes/:id` and `todo/:id`.
@Suite struct ShellNavigationFlowTests {
    /// A session holding one saved note, "Groceries" (id 1), written by ada.
    private func sessionWithANote() throws -> ViperSession {
        let session = ViperSession()
        let setUp = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "save", "quit"])
        #expect(setUp.status == 0, "stderr: \(setUp.stderr)")
        return session
    }

    // MARK: Removal by the shell

    @Test func aScriptedBackKeepsUnsavedTextAndFailsTheSession() throws {
        let session = ViperSession()
        let result = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "back", "where", "quit!"])
        #expect(result.status == 1, "a refused command fails a scripted session")
        #expect(result.stderr == "error: 'back' would lose unsaved work (Note: the title and the text (1 line)); nothing was removed: save it first, or type 'back!' to drop it\n")
        #expect(result.stdout.hasSuffix("Home › Notes › Note\n"), "the editor is still open: \(result.stdout)")
    }

    @Test func backWithABangDropsTheTextAndTheListHearsTheCancel() throws {
        let session = ViperSession()
        let result = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "back!", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.breadcrumbs.last == "Home › Notes")
        let list = screens.last("Home › Notes")
        #expect(list.contains("Closed the editor without saving."), "the editor told its output, as 'cancel' does")
        #expect(list.contains("  No notes yet. Type 'new TITLE' to write one."))
    }

    @Test func withYesAScriptDropsUnsavedTextWithoutAsking() throws {
        let session = ViperSession()
        let result = try session.run(["--yes"], input: ["open notes", "new Groceries", "signup ada secret", "add milk",
                                                       "home", "where", "quit"].map { $0 + "\n" }.joined())
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasSuffix("Home\n"))
    }

    @Test func withNothingUnsavedBackNeedsNoConfirmation() throws {
        let session = try sessionWithANote()
        let result = try session.shell(["open notes", "edit 1", "signin ada secret", "back", "where", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasSuffix("Home › Notes\n"))
        #expect(Screens(result.stdout).last("Home › Notes").contains("Closed the editor without saving."))
    }

    @Test func closingTheSignInFromTheShellTellsTheListAsCancelDoes() throws {
        let session = ViperSession()
        for command in ["close", "dismiss"] {
            let result = try session.shell(["open notes", "new Plans", command, "quit"])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let screens = Screens(result.stdout)
            #expect(screens.breadcrumbs.last == "Home › Notes")
            #expect(screens.last("Home › Notes").contains("Not signed in: the notes stay as they are."), "after '\(command)'")
        }
    }

    @Test func theTodoEditorAsksBeforeDroppingAChangedName() throws {
        let session = ViperSession()
        _ = try session.shell(["open todo", "add Buy milk", "due today", "save", "quit"])
        let result = try session.shell(["open todo", "edit 1", "name Buy oat milk", "close", "close!", "where", "quit"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: 'close' would lose unsaved work (Edit item: the name (was 'Buy milk')); nothing was removed: save it first, or type 'close!' to drop it\n")
        #expect(result.stdout.hasSuffix("Home › To do\n"))
    }

    // MARK: present and root

    @Test func presentOpensARouteModallyAndRootReplacesEveryModule() throws {
        let session = ViperSession()
        let result = try session.shell([
            "open notes", "present todo", "back", "where", "close", "root todo", "where", "quit",
        ])
        #expect(result.status == 1, "'back' stops at the presented module")
        #expect(result.stderr == "error: 'back' stops at To do: it was presented; finish it, or type 'close' to dismiss it\n")
        let screens = Screens(result.stdout)
        #expect(screens.breadcrumbs == ["Home › Notes", "Home › Notes › To do (modal)", "Home › Notes", "Home › To do"])
        #expect(result.stdout.contains("Home › Notes › To do (modal)\n"))
        #expect(result.stdout.hasSuffix("Home › To do\n"))
    }

    @Test func rootAsksBeforeDroppingUnsavedText() throws {
        let session = ViperSession()
        let result = try session.shell(["open notes", "new Plans", "signup ada secret", "add pack", "root todo", "root! todo", "where", "quit"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: 'root' would lose unsaved work (Note: the title and the text (1 line)); nothing was removed: save it first, or type 'root!' to drop it"))
        #expect(result.stdout.hasSuffix("Home › To do\n"))
    }

    // MARK: Path parameters

    @Test func openNotesSlashIdOpensThatNotesEditorAfterTheSignIn() throws {
        let session = try sessionWithANote()
        let result = try session.shell(["open notes/1", "signin ada secret", "add eggs", "save", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.breadcrumbs == ["Home › Notes › Sign in (modal)", "Home › Notes › Note", "Home › Notes › Note", "Home › Notes"])
        let editor = screens.first("Home › Notes › Note")
        #expect(editor.contains("Editing note"))
        #expect(editor.contains("  Title   Groceries"))
        #expect(screens.last("Home › Notes").contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
        #expect(screens.last("Home › Notes").contains("Saved 'Groceries'."))
    }

    @Test func aMissingOrMalformedIdIsRefusedAndNothingOpens() throws {
        let session = try sessionWithANote()
        // Signed in first: signed out, a route to a note waits for the sign-in (each account has its own notes).
        let result = try session.shell(["open login", "signin ada secret", "open notes/9", "open notes/first", "open todo/9", "where", "quit"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: cannot open 'notes/9': ada has no note 9 (each account has its own notes and ids); the list shows yours
            error: cannot open 'notes/first': parameter 'id' must be a whole number, not 'first'
            error: cannot open 'todo/9': there is no to-do item 9; the number before each item is its id ('open todo/all' lists every item)

            """)
        #expect(result.stdout.hasSuffix("\nHome\n"), "\(result.stdout)")
    }

    @Test func openAndPresentTodoSlashIdShowThatItem() throws {
        let session = ViperSession()
        _ = try session.shell(["open todo", "add Buy milk", "due tomorrow", "save", "quit"])
        let result = try session.shell(["open todo/1", "where", "close", "open todo", "present todo/1", "due friday", "save", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.first("Home › Edit item").contains("  Name   Buy milk"))
        #expect(result.stdout.contains("Home › Edit item\n"))
        #expect(screens.breadcrumbs.contains("Home › To do › Edit item (modal)"))
        #expect(screens.last("Home › To do").contains("  1. Buy milk (Friday)"))
    }
}
