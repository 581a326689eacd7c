import Contracts
import Testing
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperShell

/// What the shell keeps out of the history file, and how a database
/// failure that a module only drew on its screen still fails the command.
extension ShellTests {
    @Test func aLineThatRunsNoCommandOnScreenIsKeptOutOfHistory() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in
            view.commands = [
                CommandSpec("login", arguments: ["NAME", "PASSWORD"], help: "Sign in (not marked by its author)"),
                CommandSpec("pick", arguments: ["N"], help: "Pick item N"),
            ]
        }
        fake.run("open list")
        // A sign-in typed where there is none, or that does not parse, may carry a password.
        #expect(fake.shell.keepsOutOfHistory("signin ada hunter2"))
        #expect(fake.shell.keepsOutOfHistory("pick 'ada hunter2"))
        // An argument named PASSWORD is a secret even when the module did not say so.
        #expect(fake.shell.keepsOutOfHistory("login ada hunter2"))
        #expect(!fake.shell.keepsOutOfHistory("pick 1"))
        #expect(!fake.shell.keepsOutOfHistory("open list"))
        #expect(!fake.shell.keepsOutOfHistory("help pick"))
    }

    @Test func aCommandDuringWhichADatabaseFailedFailsWithOneErrorLine() {
        let failures = DatabaseFailures()
        let app = FakeApp()
        let output = OutputSpy()
        let shell = Shell(stack: app.stack, home: HomeView(routes: app.stack.routes.map(\.spec), pluginsLoaded: 1, problems: 0),
                          output: output, databaseFailures: failures)
        app.list.wire = { _, view, _ in
            view.commands = [CommandSpec("save", help: "Save")]
            view.onPerform = { _ in
                failures.record(DatabaseError(path: "/data/notes.sqlite", code: 13, message: "database or disk is full (in: COMMIT)"))
            }
        }
        #expect(shell.execute("open list") == .succeeded)
        #expect(shell.execute("save") == .failed)
        #expect(output.errors == ["data may not be saved: /data/notes.sqlite: database or disk is full (in: COMMIT)"])
        #expect(shell.failures == 1)
        #expect(shell.execute("where") == .succeeded, "the failure is reported once, with the command that caused it")
    }
}
