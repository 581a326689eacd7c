import Foundation
import Testing

/// Real accounts through the built `viper` (issue 28): a name is created once, a wrong
/// password is refused in one line, and each account sees only its own notes.
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
}
