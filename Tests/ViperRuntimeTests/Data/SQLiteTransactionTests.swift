import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ViperRuntime

/// A transaction that fails at any step (BEGIN, a statement, COMMIT,
/// ROLLBACK; top-level or nested) leaves the wrapper usable. Before the fix a failed
/// COMMIT decremented the depth twice, and every later save failed with
/// `SAVEPOINT viper_-1` until the process ended.
@Suite struct SQLiteTransactionTests {
    static let insertA = "INSERT INTO items(name) VALUES ('a')"
    static let insertB = "INSERT INTO items(name) VALUES ('b')"
    static let ioError: Int32 = 10  // SQLITE_IOERR

    @Test(arguments: ["BEGIN IMMEDIATE", insertA, insertB, "COMMIT"])
    func aTopLevelTransactionThatFailsAtAnyStepLeavesTheDatabaseUsable(step: String) throws {
        let database = try Self.makeDatabase()
        database.injectFault = Self.once(at: step)
        #expect(throws: DatabaseError.self) {
            try database.transaction {
                try database.execute(Self.insertA, [])
                try database.execute(Self.insertB, [])
            }
        }
        #expect(try Self.names(database) == [], "the failed transaction left rows behind")
        try Self.expectUsable(database)
    }

    @Test func aFailedRollbackIsFinishedBeforeTheNextWrite() throws {
        let database = try Self.makeDatabase()
        database.injectFault = Self.once(at: "ROLLBACK")
        #expect(throws: CommandError.self) {
            try database.transaction {
                try database.execute(Self.insertA, [])
                throw CommandError("changed my mind")
            }
        }
        // A plain write outside any transaction must not land in the one left open.
        try database.execute("INSERT INTO items(name) VALUES ('plain')", [])
        try Self.expectUsable(database, before: ["plain"])
    }

    @Test(arguments: ["SAVEPOINT viper_1", insertB, "RELEASE viper_1", "ROLLBACK TO viper_1"])
    func aNestedTransactionThatFailsAtAnyStepLeavesTheDatabaseUsable(step: String) throws {
        let database = try Self.makeDatabase()
        database.injectFault = Self.once(at: step)
        let failsOnPurpose = step.hasPrefix("ROLLBACK")
        // The outer transaction carries on after the inner one failed, and commits.
        do {
            try database.transaction {
                try database.execute(Self.insertA, [])
                do {
                    try database.transaction {
                        try database.execute(Self.insertB, [])
                        if failsOnPurpose { throw CommandError("changed my mind") }
                    }
                    Issue.record("the inner transaction did not fail at \(step)")
                } catch {}
            }
            // A rollback that did not happen must not let the outer transaction commit 'b'.
            #expect(try Self.names(database) == ["a"])
        } catch let error as DatabaseError {
            #expect(step == "ROLLBACK TO viper_1", "\(error)")
            #expect(try Self.names(database) == [], "after a failed nested rollback, nothing may commit")
        }
        try Self.expectUsable(database, before: try Self.names(database))
    }

    @Test func aFailureIsRecordedOnceForTheShell() throws {
        let failures = DatabaseFailures()
        let database = try Self.makeDatabase(failures: failures)
        database.injectFault = Self.once(at: "COMMIT")
        _ = try? database.transaction { try database.execute(Self.insertA, []) }
        let recorded = failures.take()
        #expect(recorded.count == 1)
        #expect(recorded.first?.description == "\(database.path): injected fault 10 (in: COMMIT)")
        #expect(failures.take().isEmpty)
        _ = try? database.query("SELECT nothing FROM nowhere", [])
        #expect(failures.take().isEmpty, "a failed read is the plugin's business")
    }

    // MARK: Helpers

    /// Commits two more transactions (one nested), then reopens the file: `before` and
    /// both new rows are there, so each commit really happened.
    static func expectUsable(_ database: SQLiteDatabase, before: [String] = [],
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        database.injectFault = nil
        try database.transaction { try database.execute("INSERT INTO items(name) VALUES ('later')", []) }
        try database.transaction {
            try database.transaction { try database.execute("INSERT INTO items(name) VALUES ('nested')", []) }
        }
        try database.close()
        let again = try SQLiteDatabase(path: database.path)
        #expect(try names(again) == before + ["later", "nested"], sourceLocation: sourceLocation)
    }

    static func makeDatabase(failures: DatabaseFailures? = nil) throws -> SQLiteDatabase {
        let folder = try TemporaryFolder.make("transactions")
        let database = try SQLiteDatabase(path: folder + "/items.sqlite", failures: failures)
        try database.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL)", [])
        return database
    }

    /// A fault hook that fails the first statement equal to `sql`, once.
    static func once(at sql: String) -> (String) -> Int32? {
        var fired = false
        return { statement in
            guard !fired, statement == sql else { return nil }
            fired = true
            return ioError
        }
    }

    static func names(_ database: SQLiteDatabase) throws -> [String] {
        try database.query("SELECT name FROM items ORDER BY id", []).compactMap { $0.text("name") }
    }
}
