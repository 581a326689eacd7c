import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// Real accounts: a name is created once, a wrong password is refused, the store keeps no password.
@Suite struct AccountSessionTests {
    @Test func aNewNameCreatesItsAccountAndSignsIn() throws {
        let accounts = FakeAccountStore()
        let session = makeSession(accounts: accounts)
        #expect(try session.signIn(name: "ada", password: "secret") == User(name: "ada"))
        #expect(session.currentUser == User(name: "ada"))
        #expect(accounts.accounts.map(\.name) == ["ada"])
    }

    @Test func theStoreKeepsASaltedHashNeverThePassword() throws {
        let accounts = FakeAccountStore()
        _ = try makeSession(accounts: accounts).signIn(name: "ada", password: "secret")
        _ = try makeSession(accounts: accounts).signIn(name: "bob", password: "secret")
        let ada = try #require(accounts.accounts.first).password
        let bob = try #require(accounts.accounts.last).password
        #expect(ada.iterations == 1_000 && ada.salt.count == 16 && ada.key.count == 32)
        #expect(ada.salt != bob.salt, "each account has its own salt")
        #expect(ada.key != bob.key, "the same password gives different keys under different salts")
        #expect(!Hex.text(ada.key).contains(Hex.text(Array("secret".utf8))))
    }

    @Test func theRightPasswordSignsInAgainInANewProcess() throws {
        let accounts = FakeAccountStore()
        _ = try makeSession(accounts: accounts).signIn(name: "ada", password: "secret")
        let later = makeSession(accounts: accounts)
        #expect(try later.signIn(name: "ada", password: "secret") == User(name: "ada"))
        #expect(accounts.accounts.count == 1)
    }

    @Test func aWrongPasswordIsRefusedInOneLineAndSignsNobodyIn() throws {
        let accounts = FakeAccountStore()
        _ = try makeSession(accounts: accounts).signIn(name: "ada", password: "secret")
        let later = makeSession(accounts: accounts)
        #expect(throws: SignInError("wrong password for 'ada'; try again, or 'cancel' (4 more wrong tries lock it for 5 minutes)")) {
            try later.signIn(name: "ada", password: "guess1")
        }
        #expect(later.currentUser == nil)
    }

    @Test func aWrongPasswordKeepsWhoeverWasSignedIn() throws {
        let session = makeSession()
        _ = try session.signIn(name: "ada", password: "secret")
        _ = try session.signIn(name: "bob", password: "hunter2")
        #expect(throws: SignInError.self) { try session.signIn(name: "ada", password: "hunter2") }
        #expect(session.currentUser == User(name: "bob"))
    }

    @Test func aNewAccountNeedsSixCharactersAndIsNotCreatedWithFewer() {
        let accounts = FakeAccountStore()
        #expect(throws: SignInError("the password is too short: a new account needs at least 6 characters")) {
            try makeSession(accounts: accounts).signIn(name: "ada", password: "abcde")
        }
        #expect(accounts.accounts.isEmpty)
    }

    @Test func refusesNamesWithSpacesOrOddCharacters() {
        let session = makeSession()
        for name in ["", "ada lovelace", "ada;drop", String(repeating: "a", count: 33)] {
            #expect(throws: SignInError.self) { try session.signIn(name: name, password: "secret") }
        }
    }

    @Test func signsOut() throws {
        let session = makeSession()
        _ = try session.signIn(name: "ada", password: "secret")
        session.signOut()
        #expect(session.currentUser == nil)
    }
}

extension SignInError: Equatable {
    public static func == (lhs: SignInError, rhs: SignInError) -> Bool { lhs.description == rhs.description }
}
