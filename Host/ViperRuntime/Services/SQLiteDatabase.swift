import CSQLite
import Contracts
import Foundation
import ViperLoading

/// One SQLite connection, serialized by a lock. Writes are durable when
/// ``execute(_:_:)`` or ``transaction(_:)`` returns (WAL, synchronous=FULL).
///
/// Invariant: whatever fails (BEGIN, a statement, COMMIT, ROLLBACK), a call leaves the
/// transaction depth as it found it and no transaction of its own open, so the next
/// call works once the cause (a full disk, say) is gone. A transaction that a failed
/// ROLLBACK left open is rolled back before anything else is written on the connection.
final class SQLiteDatabase: Database {
    let path: String
    private(set) var handle: OpaquePointer?
    let lock = NSRecursiveLock()
    private var transactionDepth = 0
    /// Set when a ROLLBACK at depth 0 failed and SQLite still has the transaction open.
    private var strayTransaction = false
    /// Set when a nested ROLLBACK TO failed: the outer transaction holds writes that
    /// were meant to be undone, so it must not commit.
    private var mustRollBack = false
    private let failures: DatabaseFailures?
    /// Test hook: called with each statement before it runs; a code it returns fails the
    /// statement with that code instead (faults at BEGIN, COMMIT, ROLLBACK, …).
    var injectFault: ((_ sql: String) -> Int32?)?

    init(path: String, failures: DatabaseFailures? = nil) throws {
        self.path = path
        self.failures = failures
        if DataFolderGuard.isLink(path) {
            throw DatabaseError(
                path: path, code: SQLITE_CANTOPEN,
                message: "the database is a symbolic link, and viper opens no database through a link (it could point at "
                    + "any file of yours); put the database file itself in its place ('mv'), or remove the link")
        }
        let exists = FileManager.default.fileExists(atPath: path)
        if exists, !FileManager.default.isReadableFile(atPath: path) || !FileManager.default.isWritableFile(atPath: path) {
            throw DatabaseError(
                path: path, code: SQLITE_CANTOPEN,
                message: "cannot read or write this database file; check its permissions (chmod u+rw)")
        }
        if let problem = SQLiteCompanionFiles.problem(database: path) {
            throw DatabaseError(path: path, code: SQLITE_CANTOPEN, message: problem)
        }
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw DatabaseError(path: path, code: status, message: "cannot open the database (\(message)); check the folder and its permissions")
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
        do {
            // Reading the schema fails on a file that is not a database; never touch such a file.
            _ = try run("SELECT count(*) AS n FROM sqlite_master", [], collect: false)
            try run("PRAGMA journal_mode=WAL", [], collect: false)
            try run("PRAGMA synchronous=FULL", [], collect: false)
        } catch let error as DatabaseError {
            sqlite3_close(db)
            handle = nil
            if error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT {
                throw DatabaseError(
                    path: path, code: error.code,
                    message:
                        "not a valid SQLite database (\(error.message)); viper will not overwrite it: move it aside to start a new one, or restore it from a backup"
                )
            }
            throw error
        }
    }

    deinit {
        sqlite3_close(handle)
    }

    /// Writes the WAL back into the database file and closes the connection. SQLite
    /// removes the `-wal` and `-shm` files when the last connection to the file closes.
    func close() throws {
        try lock.withLock {
            guard let handle else { return }
            try endStrayTransaction()
            let checkpoint = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
            if checkpoint != SQLITE_OK && checkpoint != SQLITE_BUSY {
                // The WAL still holds the data: SQLite replays it on the next start.
                let error = failure(checkpoint, "PRAGMA wal_checkpoint(TRUNCATE)")
                failures?.record(error)
                throw error
            }
            sqlite3_close_v2(handle)
            self.handle = nil
        }
    }

    var lastInsertRowID: Int64 {
        lock.withLock { sqlite3_last_insert_rowid(handle) }
    }

    package func execute(_ sql: String, _ parameters: [SQLValue]) throws {
        try recordingFailures {
            try endStrayTransaction()
            _ = try run(sql, parameters, collect: false)
        }
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [SQLRow] {
        try lock.withLock {
            try endStrayTransaction()
            return try run(sql, parameters, collect: true)
        }
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        try recordingFailures {
            try endStrayTransaction()
            let depth = transactionDepth
            let savepoint = "viper_\(depth)"
            try run(depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)", [], collect: false)
            transactionDepth = depth + 1
            defer { transactionDepth = depth }
            do {
                let result = try body()
                if depth == 0, mustRollBack {
                    throw DatabaseError(
                        path: path, code: SQLITE_ABORT,
                        message: "a nested transaction could not be rolled back, so the whole transaction was; try again")
                }
                try run(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)", [], collect: false)
                return result
            } catch {
                undo(depth: depth, savepoint: savepoint)
                throw error
            }
        }
    }

    /// Takes back what the transaction at `depth` wrote; never throws (the caller is
    /// already throwing). A nested savepoint is rolled back and then released, so it
    /// does not stay on SQLite's savepoint stack; when its rollback fails, the outer
    /// transaction is marked so it rolls back instead of committing.
    private func undo(depth: Int, savepoint: String) {
        guard let handle else { return }
        if depth > 0 {
            do {
                try run("ROLLBACK TO \(savepoint)", [], collect: false)
            } catch {
                mustRollBack = true
            }
            _ = try? run("RELEASE \(savepoint)", [], collect: false)
            return
        }
        mustRollBack = false
        // A failed COMMIT may have ended the transaction already (SQLITE_FULL does).
        if sqlite3_get_autocommit(handle) == 0 {
            _ = try? run("ROLLBACK", [], collect: false)
        }
        strayTransaction = sqlite3_get_autocommit(handle) == 0
    }

    /// Rolls back a transaction that a failed ROLLBACK left open, so nothing written
    /// later lands in it (to be lost when the connection closes).
    private func endStrayTransaction() throws {
        guard strayTransaction, transactionDepth == 0, let handle else { return }
        if sqlite3_get_autocommit(handle) == 0 {
            try run("ROLLBACK", [], collect: false)
        }
        strayTransaction = false
    }

    /// Runs `body` under the lock; a ``DatabaseError`` it throws is recorded for the shell.
    private func recordingFailures<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body()
        } catch let error as DatabaseError {
            failures?.record(error)
            throw error
        }
    }

    func failure(_ status: Int32, _ sql: String) -> DatabaseError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "database is closed"
        return DatabaseError(path: path, code: status, message: "\(message) (in: \(sql.prefix(80)))")
    }
}
