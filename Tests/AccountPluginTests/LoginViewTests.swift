import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// The sign-in form's view over the real Presenter and Interactor: a refused `signin`
/// fails the command with the reason, so a script with `-e` stops there.
@Suite struct LoginViewTests {
    @Test func aWrongPasswordFailsTheCommandWithTheReasonAndKeepsTheForm() throws {
        let accounts = FakeAccountStore()
        _ = try makeSession(accounts: accounts).signIn(name: "ada", password: "secret")
        let (view, log) = makeLoginView(accounts: accounts)
        #expect(throws: CommandError.self) {
            try view.perform(CommandInvocation(name: "signin", arguments: ["ada", "guess12"], rest: "ada guess12"))
        }
        do {
            try view.perform(CommandInvocation(name: "signin", arguments: ["ada", "guess12"], rest: "ada guess12"))
        } catch {
            #expect("\(error)" == "Sign-in refused: wrong password for 'ada'; try again, or 'cancel' (3 more wrong tries lock it for 5 minutes)")
        }
        #expect(log.events.isEmpty, "the form did not close")
    }

    @Test func theRightPasswordAfterARefusalSucceeds() throws {
        let accounts = FakeAccountStore()
        _ = try makeSession(accounts: accounts).signIn(name: "ada", password: "secret")
        let (view, log) = makeLoginView(accounts: accounts)
        _ = try? view.perform(CommandInvocation(name: "signin", arguments: ["ada", "guess12"], rest: "ada guess12"))
        try view.perform(CommandInvocation(name: "signin", arguments: ["ada", "secret"], rest: "ada secret"))
        #expect(log.events == ["close"])
    }
}
