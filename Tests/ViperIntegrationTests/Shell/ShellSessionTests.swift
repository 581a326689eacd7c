import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// End-to-end: scripted sessions through the built `viper` with the navigation
/// fixture plugin only, asserting the screens printed.
@Suite struct ShellSessionTests {
    private func rule(_ title: String) -> String {
        "── \(title) " + String(repeating: "─", count: max(3, 60 - title.count - 4))
    }

    private func session(_ input: String, arguments: [String] = []) throws -> ViperProcess.Result {
        try ShellProcess().run(["--plugins", try InboxFixture.library()] + arguments, input: input)
    }

    @Test func pushPresentEmbedAndBackPrintEachScreen() throws {
        let result = try session("""
            open inbox
            read 2
            back
            compose
            send See you at one
            back
            quit

            """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == """
            \(rule("Home › Inbox"))
            Messages
              1. Welcome to viper
              2. Lunch at noon?

              ┌ Counter
              │ 2 messages
              └

            Commands: read N, compose, archive, back, help

            \(rule("Home › Inbox › Message"))
              Text   Lunch at noon?

            Commands: back, help

            \(rule("Home › Inbox"))
            Messages
              1. Welcome to viper
              2. Lunch at noon?

              ┌ Counter
              │ 2 messages
              └

            Commands: read N, compose, archive, back, help

            \(rule("Home › Inbox › Compose (modal)"))
            Type 'send TEXT', or 'close' to drop it.

            Commands: send TEXT..., close, help

            \(rule("Home › Inbox"))
            Messages
              1. Welcome to viper
              2. Lunch at noon?
              3. See you at one

              ┌ Counter
              │ 3 messages
              └

            Commands: read N, compose, archive, back, help

            \(rule("Home"))
            1 plugin ready. Type 'open PATH' to open a route, 'help' for every command.

            Routes
              inbox [?filter=…]   Your messages
              message/:id         One message

            Commands: open PATH, routes, help, quit

            """)
    }

    @Test func whileAModuleIsPresentedTheModulesBelowCannotBeReached() throws {
        let result = try session("open inbox\ncompose\nback\nhome\nopen message/1\nback\nwhere\ndismiss\nwhere\n")
        #expect(result.stderr == """
            error: 'back' stops at Compose: it was presented; finish it, or type 'close' to dismiss it
            error: cannot go home while Compose is presented; finish it, or type 'close' to dismiss it first

            """)
        let breadcrumbs = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Home") }
        #expect(breadcrumbs == ["Home › Inbox › Compose (modal)", "Home › Inbox"])
        #expect(result.stdout.contains(rule("Home › Inbox › Compose (modal) › Message")))
        #expect(result.status == 1)
    }

    @Test func eachKindOfMistakeIsOneLineAndTheSessionGoesOn() throws {
        let result = try session("""
            opne inbox
            open inbxo
            open inbox?filtr=lunch
            open message/abc
            open message/9
            open inbox
            archive
            read 7
            where

            """)
        #expect(result.stderr == """
            error: unknown command 'opne'; did you mean 'open'?
            error: no route matches 'inbxo'; did you mean 'inbox'? ('routes' lists them all)
            error: 'inbox' has no parameter 'filtr'; did you mean 'filter'? it takes: filter
            error: cannot open 'message/abc': parameter 'id' must be a whole number, not 'abc'
            error: cannot open 'message/9': no message 9; there are 2
            error: InboxInput (inbox) asked for InboxFixture.Archiving, which no loaded plugin provides (nothing is registered under that contract); install a plugin that provides it or run 'viper doctor'
            error: no item 7; choose 1 to 2

            """)
        #expect(result.stdout.hasSuffix("Home › Inbox\n"))
        #expect(result.status == 1)
    }

    @Test func aQueryParameterReachesTheModule() throws {
        let result = try session("open inbox?filter=LUNCH\n")
        #expect(result.stdout.contains("Messages matching 'LUNCH'\n  1. Lunch at noon?\n"))
    }

    @Test func dashCRunsCommandsAndExitsZeroWhenAllSucceed() throws {
        let result = try session("", arguments: ["-c", "open inbox; read 1; where"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("Home › Inbox › Message\n"))
        #expect(result.stderr == "")
    }

    @Test func dashCWithAFailingCommandRunsTheRestAndExitsNonZero() throws {
        let result = try session("", arguments: ["-c", "open inbox; read 5; where"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: no item 5; choose 1 to 2\n")
        #expect(result.stdout.hasSuffix("Home › Inbox\n"))
    }

    @Test func quitEndsAScriptEarly() throws {
        let result = try session("", arguments: ["-c", "quit; open nowhere"])
        #expect(result.status == 0)
        #expect(result.stdout == "" && result.stderr == "")
    }

    /// Standard input not open at all (`<&-`), supervised and not: the first file viper opens
    /// would take descriptor 0 (its log, the journal) and be read as the script. It is an empty
    /// script, as `< /dev/null` is.
    @Test(arguments: ["1", "0"])
    func aSessionStartedWithStandardInputClosedIsAnEmptyScript(supervised: String) throws {
        let result = try throughShell("<&-", supervised: supervised)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "", "\(result.stderr)")
    }

    /// A script whose output cannot be written (a full disk: /dev/full) fails with one line, and
    /// runs nothing more, rather than end with status 0 having written nothing.
    @Test(arguments: ["1", "0"])
    func aScriptWhoseOutputCannotBeWrittenFails(supervised: String) throws {
        let result = try throughShell("-c 'open inbox; where' > /dev/full", supervised: supervised)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr == "error: standard output could not be written (No space left on device) after 'open inbox', "
                + "so what came after did not run; viper stops here with status 1\n", "\(result.stderr)")
    }

    /// `viper --plugins INBOX` followed by `rest` (more arguments, redirections), run by `sh`,
    /// supervised or not (`VIPER_SUPERVISE`).
    private func throughShell(_ rest: String, supervised: String) throws -> Subprocess.Result {
        var viper = ViperProcess()
        viper.environment["VIPER_SUPERVISE"] = supervised
        return try Subprocess.run(
            "/bin/sh", ["-c", "exec \"$0\" --plugins \"$1\" \(rest)", BuildProducts.viper, try InboxFixture.library()],
            environment: viper.environment)
    }

    @Test func aPipedSessionHasNoPromptAndNoColourEvenWithoutNoColor() throws {
        let result = try ShellProcess().run(["--plugins", try InboxFixture.library()], input: "open inbox\n",
                                            environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
        #expect(!result.stdout.contains("\u{1B}["))
        #expect(!result.stdout.contains("viper>"))
    }

    @Test func startUpProblemsAreWarningsAndTheShellStillOpens() throws {
        let result = try session("open inbox\nwhere\n", arguments: ["--plugins", "/nonexistent/plugins"])
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: ") == true)
        #expect(warnings.first?.contains("/nonexistent/plugins") == true)
        #expect(result.stdout.hasSuffix("Home › Inbox\n"))
        #expect(result.status == 0)
    }

    @Test func noModuleOutlivesTheSession() throws {
        let process = ShellProcess()
        let result = try process.run(["--plugins", try InboxFixture.library()], input: "open inbox\nread 1\nback\ncompose\nsend hi\nhome\n")
        #expect(result.status == 0)
        let log = try String(contentsOfFile: process.dataFolder + "/viper.log", encoding: .utf8)
        #expect(!log.contains("[leaks]"), "\(log)")
    }
}
