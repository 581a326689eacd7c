import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// Five wrong passwords in a row lock an account for five minutes, kept in the account store.
@Suite struct AccountLockOutTests {
    /// A session with the account `ada` (password `secret`), signed out.
    private func sessionWithAda(accounts: FakeAccountStore = FakeAccountStore(), clock: FixedClock = FixedClock()) throws -> AccountSession {
        let session = makeSession(accounts: accounts, clock: clock)
        _ = try session.signUp(name: "ada", password: "secret")
        session.signOut()
        return session
    }

    private func refusal(_ session: AccountSession, _ password: String) -> String? {
        do {
            _ = try session.signIn(name: "ada", password: password)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func eachWrongPasswordSaysHowManyTriesAreLeft() throws {
        let session = try sessionWithAda()
        #expect(refusal(session, "guess1") == "wrong password for 'ada'; try again, or 'cancel' (4 more wrong tries lock it for 5 minutes)")
        #expect(refusal(session, "guess2") == "wrong password for 'ada'; try again, or 'cancel' (3 more wrong tries lock it for 5 minutes)")
        #expect(refusal(session, "guess3") == "wrong password for 'ada'; try again, or 'cancel' (2 more wrong tries lock it for 5 minutes)")
        #expect(refusal(session, "guess4") == "wrong password for 'ada'; try again, or 'cancel' (1 more wrong try locks it for 5 minutes)")
    }

    @Test func theFifthWrongPasswordLocksTheAccountAndSaysUntilWhen() throws {
        let session = try sessionWithAda()
        for guess in 1...4 { _ = refusal(session, "guess\(guess)") }
        #expect(refusal(session, "guess5") == "wrong password for 'ada' 5 times in a row: sign-in is locked until 09:05 UTC (in 5 minutes); try again then")
    }

    @Test func whileLockedEvenTheRightPasswordIsRefusedAndNobodyIsSignedIn() throws {
        let clock = FixedClock()
        let session = try sessionWithAda(clock: clock)
        for guess in 1...5 { _ = refusal(session, "guess\(guess)") }
        clock.secondsSince1970 += 120
        #expect(refusal(session, "secret") == "too many wrong passwords for 'ada': sign-in is locked until 09:05 UTC (in 3 minutes); try again then")
        #expect(session.currentUser == nil)
    }

    @Test func afterTheLockOutTheRightPasswordSignsIn() throws {
        let clock = FixedClock()
        let session = try sessionWithAda(clock: clock)
        for guess in 1...5 { _ = refusal(session, "guess\(guess)") }
        clock.secondsSince1970 += AccountSession.lockOutSeconds
        #expect(try session.signIn(name: "ada", password: "secret") == User(name: "ada"))
    }

    @Test func theRightPasswordClearsTheCount() throws {
        let accounts = FakeAccountStore()
        let session = try sessionWithAda(accounts: accounts)
        for guess in 1...4 { _ = refusal(session, "guess\(guess)") }
        _ = try session.signIn(name: "ada", password: "secret")
        #expect(accounts.failures["ada"] == nil)
        #expect(refusal(session, "guess5") == "wrong password for 'ada'; try again, or 'cancel' (4 more wrong tries lock it for 5 minutes)")
    }

    @Test func aLockedAccountLeavesOtherAccountsAlone() throws {
        let accounts = FakeAccountStore()
        let session = try sessionWithAda(accounts: accounts)
        _ = try session.signUp(name: "bob", password: "hunter2")
        for guess in 1...5 { _ = refusal(session, "guess\(guess)") }
        #expect(try session.signIn(name: "bob", password: "hunter2") == User(name: "bob"))
    }

    @Test func theLockOutIsKeptInTheDatabaseSoARestartDoesNotResetIt() throws {
        let folder = try TemporaryDataFolder()
        func session() -> AccountSession {
            AccountSession(accounts: SQLiteAccountStore(databases: TemporaryDatabases(folder: folder)),
                           hashing: PBKDF2Hashing(iterations: 1_000), logger: MemoryLogger(), clock: FixedClock())
        }
        let first = session()
        _ = try first.signUp(name: "ada", password: "secret")
        for guess in 1...5 { _ = refusal(first, "guess\(guess)") }
        #expect(refusal(session(), "secret")?.hasPrefix("too many wrong passwords for 'ada'") == true)
    }
}
