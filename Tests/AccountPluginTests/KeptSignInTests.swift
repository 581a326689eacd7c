import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import AccountPlugin

/// A sign-in carried beyond its process: resume tokens for work restored after a crash, and
/// "stay signed in" on this data folder; both expire and both end at `signout`.
@Suite struct KeptSignInTests {
    @Test func aResumeTokenSignsTheSameAccountInInANewProcessAndIsKeptOnlyAsADigest() throws {
        let accounts = FakeAccountStore()
        let first = makeSession(accounts: accounts)
        _ = try first.signUp(name: "ada", password: "secret")
        let token = try #require(first.resumeToken)
        #expect(first.resumeToken == token, "one token per sign-in: reading it again writes nothing")
        #expect(token.count == 64)
        #expect(accounts.signIns.keys.contains(SignInToken.digest(token)))
        #expect(!accounts.signIns.keys.contains(token), "the store never holds the token itself")

        let restored = makeSession(accounts: accounts)
        #expect(restored.currentUser == nil)
        #expect(try restored.resume(token) == User(name: "ada"))
        #expect(restored.currentUser == User(name: "ada"))
        #expect(restored.resumeToken == token)
    }

    @Test func aTokenThatExpiredOrWasSignedOutResumesNobody() throws {
        let accounts = FakeAccountStore()
        let clock = FixedClock()
        let first = makeSession(accounts: accounts, clock: clock)
        _ = try first.signUp(name: "ada", password: "secret")
        let token = try #require(first.resumeToken)
        clock.secondsSince1970 += AccountSession.resumeSeconds + 1
        #expect { try makeSession(accounts: accounts, clock: clock).resume(token) } throws: {
            "\($0)" == "the sign-in kept with this work has expired or was signed out; sign in again"
        }
        clock.secondsSince1970 -= AccountSession.resumeSeconds
        let second = makeSession(accounts: accounts, clock: clock)
        _ = try second.resume(token)
        second.signOut()
        #expect(throws: SignInError.self) { try makeSession(accounts: accounts, clock: clock).resume(token) }
        #expect(throws: SignInError.self) { try makeSession(accounts: accounts, clock: clock).resume("made-up") }
    }

    @Test func stayingSignedInSignsEveryNewSessionInUntilItExpiresOrSignsOut() throws {
        let accounts = FakeAccountStore()
        let clock = FixedClock()
        let first = makeSession(accounts: accounts, clock: clock)
        #expect(throws: SignInError.self) { try first.stay(for: 3600) }
        _ = try first.signUp(name: "ada", password: "secret")
        #expect(try first.stay(for: 8 * 3600) == clock.secondsSince1970 + 8 * 3600)
        #expect(first.stayingUntil == clock.secondsSince1970 + 8 * 3600)

        let later = makeSession(accounts: accounts, clock: clock)
        #expect(later.currentUser == User(name: "ada"))
        clock.secondsSince1970 += 8 * 3600 + 1
        #expect(makeSession(accounts: accounts, clock: clock).currentUser == nil, "expired")
        clock.secondsSince1970 -= 3600
        later.signOut()
        #expect(makeSession(accounts: accounts, clock: clock).currentUser == nil, "signout ends it")
    }

    @Test func aStayIsAtMostThirtyDays() throws {
        let accounts = FakeAccountStore()
        let session = makeSession(accounts: accounts)
        _ = try session.signUp(name: "ada", password: "secret")
        #expect(try session.stay(for: 365 * 86400) == FixedClock().secondsSince1970 + AccountSession.longestStay)
    }

    @Test func theFormReadsHowLongToStay() throws {
        #expect(try LoginInteractor.staySeconds(nil) == nil)
        #expect(try LoginInteractor.staySeconds("") == 8 * 3600)
        #expect(try LoginInteractor.staySeconds("30m") == 1800)
        #expect(try LoginInteractor.staySeconds("7d") == 7 * 86400)
        #expect { try LoginInteractor.staySeconds("forever") } throws: {
            "\($0)" == "'forever' is not how long to stay signed in: give minutes, hours or days up to 30 days, e.g. '--stay 8h' or '--stay 7d'"
        }
        #expect(throws: SignInError.self) { try LoginInteractor.staySeconds("31d") }
    }

    @Test func theFormTakesTheNameThePasswordAndStayInAnyOrder() throws {
        func read(_ words: [String]) throws -> Credentials {
            try LoginView.credentials(CommandInvocation(name: "signin", arguments: words, rest: words.joined(separator: " ")))
        }
        #expect(try read(["ada"]) == Credentials(name: "ada", password: nil, stay: nil))
        #expect(try read(["ada", "secret"]) == Credentials(name: "ada", password: "secret", stay: nil))
        #expect(try read(["ada", "--stay"]) == Credentials(name: "ada", password: nil, stay: ""))
        #expect(try read(["ada", "--stay", "7d"]) == Credentials(name: "ada", password: nil, stay: "7d"))
        #expect(try read(["ada", "secret", "--stay=2h"]) == Credentials(name: "ada", password: "secret", stay: "2h"))
        #expect(throws: CommandError.self) { try read(["--stay"]) }
        #expect(throws: CommandError.self) { try read(["ada", "secret", "extra"]) }
    }

    @Test func withoutAPasswordOnTheLineTheFormReadsOneAndSignsIn() throws {
        let accounts = FakeAccountStore()
        let session = makeSession(accounts: accounts)
        _ = try session.signUp(name: "ada", password: "secret")
        session.signOut()
        let passwords = StubPasswordReader(password: "secret")
        let interactor = LoginInteractor(session: session, passwords: passwords)
        let output = SpyLoginInteractorOutput()
        interactor.output = output
        interactor.doSignIn(Credentials(name: "ada", password: nil, stay: "1h"))
        #expect(passwords.askedFor == ["ada"])
        #expect(output.events == ["signed in ada"])
        #expect(session.stayingUntil == FixedClock().secondsSince1970 + 3600)
        passwords.password = nil
        session.signOut()
        interactor.doSignIn(Credentials(name: "ada", password: nil, stay: nil))
        #expect(output.events.last == "refused: no password for 'ada'")
    }

    @Test func thePasswordReaderTakesTheEnvironmentThenADescriptor() throws {
        #expect(try ProcessPasswordReader(environment: ["VIPER_PASSWORD": "from-env"]).password(for: "ada") == "from-env")
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        let line = "from-fd\nsecond line\n"
        #expect(write(pipe[1], line, line.utf8.count) == line.utf8.count)
        close(pipe[1])
        defer { close(pipe[0]) }
        #expect(try ProcessPasswordReader(environment: ["VIPER_PASSWORD_FD": String(pipe[0])]).password(for: "ada") == "from-fd")
        #expect { try ProcessPasswordReader(environment: ["VIPER_PASSWORD_FD": "three"]).password(for: "ada") } throws: {
            "\($0)" == "VIPER_PASSWORD_FD=three is not a file descriptor; give a number such as 3 (with '3<FILE')"
        }
        #expect(throws: SignInError.self) { try ProcessPasswordReader(environment: ["VIPER_PASSWORD_FD": "999"]).password(for: "ada") }
    }

    @Test func aNewTokenClearsTheExpiredOnes() throws {
        let accounts = FakeAccountStore()
        let clock = FixedClock()
        let first = makeSession(accounts: accounts, clock: clock)
        _ = try first.signUp(name: "ada", password: "secret")
        let old = try #require(first.resumeToken)
        clock.secondsSince1970 += AccountSession.resumeSeconds + 1
        let later = makeSession(accounts: accounts, clock: clock)
        _ = try later.signIn(name: "ada", password: "secret")
        let new = try #require(later.resumeToken)
        #expect(Set(accounts.signIns.keys) == [SignInToken.digest(new)], "the expired \(old.prefix(6))… is gone")
    }
}
