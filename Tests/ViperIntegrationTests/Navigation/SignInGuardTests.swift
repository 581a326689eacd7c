import Foundation
import Testing
import ViperCoreTestSupport

/// The bundled account plugin's route interceptor, through the built `viper` with every
/// bundled plugin and a drop-in (Tests/Fixtures/Interception/QuickNotePlugin.swift) that
/// pushes the note editor by contract without asking for a sign-in itself.
@Suite struct SignInGuardTests {
    private func session(_ lines: [String], arguments: [String]? = nil) throws -> ViperProcess.Result {
        var process = ViperProcess()
        process.environment["VIPER_NOW"] = "2026-12-01T09:00:00Z"
        return try process.run(try arguments ?? ["--plugins", Fixtures.quickNote()], input: lines.map { $0 + "\n" }.joined())
    }

    @Test func signedOutARouteToTheNoteEditorOpensTheSignInFormWithTheReason() throws {
        let result = try session(["open quicknote", "write Plans", "quit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Home › Quick note › Sign in"))
        #expect(result.stdout.contains("Sign in to change notes."))
        #expect(!result.stdout.contains("Home › Quick note › Note"), "the editor is never built for a signed-out person")
    }

    @Test func afterSigningInTheSameRouteOpensTheEditor() throws {
        let result = try session(["open quicknote", "write Plans", "signup ada secret", "write Plans", "quit!"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Home › Quick note › Sign in"))
        #expect(result.stdout.contains("Home › Quick note › Note"))
        #expect(result.stdout.contains("Plans"))
    }

    @Test func doctorShowsTheAccountPluginsInterceptor() throws {
        let result = try ViperProcess().run(["doctor"])
        #expect(result.stdout.contains("interceptor: Contracts.NoteEditing by plugin 'account'"), "\(result.stdout)")
    }

    /// The note list keeps a handle to the sign-in it presents (`RoutedModule`): a drop-in
    /// Login that reports without closing itself is closed by the list, and the editor opens.
    @Test func theNoteListClosesASignInFormThatDidNotCloseItself() throws {
        let arguments = ["--plugins", try Fixtures.stickyLogin(), "--prefer", "Contracts.Login=fixture-stickylogin"]
        let result = try session(["open notes", "new Plans", "signin ada secret", "quit!"], arguments: arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Home › Notes › Sticky sign in"))
        #expect(result.stdout.contains("Home › Notes › Note"), "\(result.stdout)\n\(result.stderr)")
        #expect(!result.stderr.contains("cannot carry on"))
    }
}
