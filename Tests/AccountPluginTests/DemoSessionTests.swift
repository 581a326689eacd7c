import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

@Suite struct DemoSessionTests {
    @Test func signsInAndOut() throws {
        let session = DemoSession(logger: MemoryLogger())
        #expect(session.currentUser == nil)
        #expect(try session.signIn(name: "ada", password: "secret") == User(name: "ada"))
        #expect(session.currentUser == User(name: "ada"))
        session.signOut()
        #expect(session.currentUser == nil)
    }

    @Test func refusesAShortPasswordAndSaysWhy() {
        let session = DemoSession(logger: MemoryLogger())
        #expect(throws: SignInError("the password is too short: use at least 4 characters")) {
            try session.signIn(name: "ada", password: "abc")
        }
        #expect(session.currentUser == nil)
    }

    @Test func refusesNamesWithSpacesOrOddCharacters() {
        let session = DemoSession(logger: MemoryLogger())
        for name in ["", "ada lovelace", "ada;drop", String(repeating: "a", count: 33)] {
            #expect(throws: SignInError.self) { try session.signIn(name: name, password: "secret") }
        }
    }
}

extension SignInError: Equatable {
    public static func == (lhs: SignInError, rhs: SignInError) -> Bool { lhs.description == rhs.description }
}
