import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import AccountPlugin

/// The accounts of a data folder in real SQLite (the kit's ``TemporaryDatabases``).
@Suite struct SQLiteAccountStoreTests {
    private let hash = PasswordHash(iterations: 600_000, salt: Array(repeating: 7, count: 16), key: Array(repeating: 9, count: 32))

    @Test func anAccountSurvivesANewConnection() throws {
        let folder = try TemporaryDataFolder()
        try SQLiteAccountStore(databases: TemporaryDatabases(folder: folder)).add(StoredAccount(name: "ada", password: hash))
        let later = SQLiteAccountStore(databases: TemporaryDatabases(folder: folder))
        #expect(try later.account(named: "ada") == StoredAccount(name: "ada", password: hash))
        #expect(try later.account(named: "bob") == nil)
    }

    @Test func aNameIsCreatedOnce() throws {
        let store = SQLiteAccountStore(databases: TemporaryDatabases(folder: try TemporaryDataFolder()))
        try store.add(StoredAccount(name: "ada", password: hash))
        #expect(throws: SignInError("the account 'ada' already exists")) {
            try store.add(StoredAccount(name: "ada", password: PasswordHash(iterations: 1, salt: [], key: [])))
        }
        #expect(try store.account(named: "ada")?.password == hash)
    }

    @Test func theFileHoldsNoPassword() throws {
        let folder = try TemporaryDataFolder()
        let session = AccountSession(accounts: SQLiteAccountStore(databases: TemporaryDatabases(folder: folder)),
                                     hashing: PBKDF2Hashing(iterations: 1_000), logger: MemoryLogger(), clock: FixedClock())
        _ = try session.signIn(name: "ada", password: "correct-horse")
        // The database and its write-ahead log, where a new row is until a checkpoint.
        let bytes = try ["", "-wal"].reduce(into: Data()) { bytes, suffix in
            bytes += (try? Data(contentsOf: URL(fileURLWithPath: folder.path + "/accounts.sqlite" + suffix))) ?? Data()
        }
        #expect(bytes.range(of: Data("correct-horse".utf8)) == nil)
        #expect(bytes.range(of: Data("ada".utf8)) != nil)
    }
}
