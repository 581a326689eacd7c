import Foundation
import Testing

/// Real accounts through the built `viper`: a name is created once, on purpose, a
/// wrong password is refused in one line, five in a row lock the account across restarts, and
/// each account sees only its own notes.
@Suite struct AccountFlowTests {
    @Test func aWrongPasswordIsRefusedAndTheRightOneSignsInInALaterRun() throws {
        let session = ViperSession()
        let first = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "save", "quit"])
        #expect(first.status == 0, "stderr: \(first.stderr)")

        let refused = try session.shell(["open notes", "login", "signin ada guess12", "cancel", "quit"])
        #expect(refused.stderr == "error: Sign-in refused: wrong password for 'ada'; try again, or 'cancel' (4 more wrong tries lock it for 5 minutes)\n")
        #expect(refused.status == 1, "a refused sign-in fails the command, so a script says so")
        #expect(!Screens(refused.stdout).last("Home › Notes").contains { $0.contains("Groceries") })

        let right = try session.shell(["open notes", "login", "signin ada secret", "quit"])
        #expect(right.status == 0, "stderr: \(right.stderr)")
        #expect(Screens(right.stdout).last("Home › Notes").contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
    }

    @Test func bobSeesNoneOfAdasNotesAndAdaNoneOfBobs() throws {
        let session = ViperSession()
        _ = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "save", "quit"])
        let bob = try session.shell(["open notes", "new Plans", "signup bob hunter2", "add go north", "save", "quit"])
        #expect(bob.status == 0, "stderr: \(bob.stderr)")
        let bobs = Screens(bob.stdout).last("Home › Notes")
        #expect(bobs.contains("  1. Plans — go north (modified 2026-12-01 09:00)"))
        #expect(!bobs.contains { $0.contains("Groceries") })

        let ada = try session.shell(["open notes", "login", "signin ada secret", "show 1", "quit"])
        let adas = Screens(ada.stdout).last("Home › Notes")
        #expect(adas.contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
        #expect(!adas.contains { $0.contains("Plans") })
    }

    @Test func theDataFolderKeepsNoPassword() throws {
        let session = ViperSession()
        _ = try session.shell(["open notes", "new Groceries", "signup ada correct-horse", "save", "quit"])
        let accounts = try Data(contentsOf: URL(fileURLWithPath: session.dataFolder + "/accounts.sqlite"))
        #expect(accounts.range(of: Data("correct-horse".utf8)) == nil)
        #expect(accounts.range(of: Data("ada".utf8)) != nil)
    }

    @Test func aScriptThatSignsInAsAMistypedNameStopsWithOneLineAndCreatesNothing() throws {
        let session = ViperSession()
        _ = try session.shell(["open login", "signup ada secret", "quit"])
        let typo = try session.run(["-e"], input: ["open notes", "login", "signin adda secret", "show 1"].map { $0 + "\n" }.joined())
        #expect(typo.stderr == "error: Sign-in refused: there is no account 'adda'; check the name, or 'signup adda PASSWORD' creates it\n"
                + "error: stopped at the first failed command, 'signin adda secret' (-e); the commands after it did not run\n")
        #expect(typo.status == 1)
        let again = try session.shell(["open login", "signin adda secret", "quit"])
        #expect(again.stderr.contains("there is no account 'adda'"), "the typo made no account: \(again.stderr)")
    }

    @Test func fiveWrongPasswordsLockTheAccountEvenAfterARestart() throws {
        let session = ViperSession()
        _ = try session.shell(["open login", "signup ada secret", "quit"])
        let guesses = try session.shell(["open login"] + (1...5).map { "signin ada guess-\($0)" } + ["quit!"])
        #expect(guesses.stderr.hasSuffix("error: Sign-in refused: wrong password for 'ada' 5 times in a row: sign-in is locked "
                                          + "until 09:05 UTC (in 5 minutes); try again then\n"), "\(guesses.stderr)")
        let later = try session.shell(["open login", "signin ada secret", "quit!"])
        #expect(later.stderr == "error: Sign-in refused: too many wrong passwords for 'ada': sign-in is locked until 09:05 UTC "
                + "(in 5 minutes); try again then\n")
        #expect(later.status == 1)
    }
}
