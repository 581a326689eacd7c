import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// An account is made on purpose: `signin` of an unknown name asks at a terminal and fails in a
/// script; `signup` creates.
@Suite struct AccountsOnPurposeTests {
    private func command(_ name: String, _ arguments: String...) -> CommandInvocation {
        CommandInvocation(name: name, arguments: arguments, rest: arguments.joined(separator: " "))
    }

    /// What `command` failed with; nil when it ran.
    private func failure(of command: CommandInvocation, on view: LoginView) -> String? {
        do {
            try view.perform(command)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func inAScriptSigninOfAnUnknownNameFailsSayingToSignUpAndCreatesNothing() {
        let accounts = FakeAccountStore()
        let (view, log) = makeLoginView(accounts: accounts)
        #expect(failure(of: command("signin", "bob", "hunter2"), on: view)
            == "Sign-in refused: there is no account 'bob'; check the name, or 'signup bob PASSWORD' creates it")
        #expect(accounts.accounts.isEmpty)
        #expect(log.events.isEmpty, "the form did not close")
    }

    @Test func atATerminalSigninOfAnUnknownNameAsksAndYesCreatesIt() throws {
        let accounts = FakeAccountStore()
        let (view, log) = makeLoginView(accounts: accounts)
        #expect(view.confirmation(for: command("signin", "bob", "hunter2")) == "No account 'bob'. Create it?")
        try view.perform(command("signin", "bob", "hunter2"))
        #expect(accounts.accounts.map(\.name) == ["bob"])
        #expect(log.events == ["close"])
    }

    @Test func theAnswerToOneQuestionDoesNotCreateAnotherName() {
        let accounts = FakeAccountStore()
        let (view, _) = makeLoginView(accounts: accounts)
        _ = view.confirmation(for: command("signin", "bob", "hunter2"))
        #expect(throws: CommandError.self) { try view.perform(command("signin", "bobb", "hunter2")) }
        #expect(accounts.accounts.isEmpty)
    }

    @Test func anExistingNameOrABadNameAsksNothing() throws {
        let accounts = FakeAccountStore()
        _ = try makeSession(accounts: accounts).signUp(name: "ada", password: "secret")
        let (view, _) = makeLoginView(accounts: accounts)
        #expect(view.confirmation(for: command("signin", "ada", "secret")) == nil)
        #expect(view.confirmation(for: command("signin", "ada lovelace", "secret")) == nil)
        #expect(view.confirmation(for: command("cancel")) == nil)
    }

    @Test func signupCreatesTheAccountAndSignsIn() throws {
        let accounts = FakeAccountStore()
        let (view, log) = makeLoginView(accounts: accounts)
        try view.perform(command("signup", "bob", "hunter2"))
        #expect(accounts.accounts.map(\.name) == ["bob"])
        #expect(log.events == ["close"])
    }

    @Test func signupOfAnExistingNameIsRefusedSayingToSignIn() throws {
        let accounts = FakeAccountStore()
        _ = try makeSession(accounts: accounts).signUp(name: "ada", password: "secret")
        let (view, log) = makeLoginView(accounts: accounts)
        #expect(failure(of: command("signup", "ada", "other-password"), on: view)
            == "Sign-in refused: the account 'ada' already exists; 'signin ada PASSWORD' signs in")
        #expect(log.events.isEmpty)
    }
}
