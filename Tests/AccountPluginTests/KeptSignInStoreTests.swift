import ConformanceKit
import Contracts
import Testing
@testable import AccountPlugin

/// Kept sign-ins in real SQLite: a schema 2 file gains the `sign_ins` table keeping its accounts,
/// and a sign-in is kept, read back by a new connection, and forgotten.
@Suite struct KeptSignInStoreTests {
    private let hash = PasswordHash(iterations: 600_000, salt: Array(repeating: 7, count: 16), key: Array(repeating: 9, count: 32))

    @Test func aSchema2FileKeepsItsAccountsAndGainsSignIns() throws {
        let folder = try TemporaryDataFolder()
        let databases = TemporaryDatabases(folder: folder)
        let old = try databases.open("accounts")
        try old.execute("CREATE TABLE accounts(name TEXT PRIMARY KEY, iterations INTEGER NOT NULL, salt TEXT NOT NULL, key TEXT NOT NULL)")
        try old.execute("CREATE TABLE failed_sign_ins(name TEXT PRIMARY KEY, failures INTEGER NOT NULL, locked_until REAL NOT NULL)")
        try old.execute("INSERT INTO accounts VALUES ('ada', 600000, ?, ?)", [.text(Hex.text(hash.salt)), .text(Hex.text(hash.key))])
        try old.execute("PRAGMA user_version = 2")
        let store = SQLiteAccountStore(databases: databases)
        #expect(try store.account(named: "ada") == StoredAccount(name: "ada", password: hash))
        try store.keep(KeptSignIn(digest: "d1", name: "ada", expires: 100))
        #expect(try old.query("PRAGMA user_version").first?.integer("user_version") == 3)
    }

    @Test func aKeptSignInIsReadBackAndForgottenAtSignOutOrExpiry() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteAccountStore(databases: TemporaryDatabases(folder: folder))
        try store.keep(KeptSignIn(digest: "d1", name: "ada", expires: 100))
        try store.keep(KeptSignIn(digest: "", name: "ada", expires: 200))
        try store.keep(KeptSignIn(digest: "d2", name: "bob", expires: 50))
        try store.keep(KeptSignIn(digest: "d3", name: "bob", expires: 500))
        let later = SQLiteAccountStore(databases: TemporaryDatabases(folder: folder))
        #expect(try later.keptSignIn(digest: "") == KeptSignIn(digest: "", name: "ada", expires: 200))
        try later.forgetSignIns(of: "ada", expiredBefore: 60)
        #expect(try later.keptSignIn(digest: "d1") == nil)
        #expect(try later.keptSignIn(digest: "") == nil)
        #expect(try later.keptSignIn(digest: "d2") == nil, "expired before 60")
        #expect(try later.keptSignIn(digest: "d3")?.name == "bob")
    }
}
