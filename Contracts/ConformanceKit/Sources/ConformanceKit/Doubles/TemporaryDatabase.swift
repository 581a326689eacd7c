// Implementation-only: what imports the kit (swift-api-digester in Contracts/API/gate, a test
// compiled with swiftc) then needs no module map for sqlite3. No SQLite type is in any
// stored property, so the kit's layout does not depend on it.
internal import CConformanceSQLite
import Contracts
import Foundation

/// One connection of ``TemporaryDatabases``, serialized by a lock. A transaction
/// inside a transaction is a savepoint: rolled back alone when its body throws.
final class TemporaryDatabase: Database {
    let path: String
    private(set) var handle: OpaquePointer?
    let lock = NSRecursiveLock()
    private var depth = 0

    init(path: String) throws {
        self.path = path
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw DatabaseError(path: path, code: status, message: "cannot open the database (\(message)); check the folder and its permissions")
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
        do {
            // Reading the schema fails on a file that is not a database.
            try run("SELECT count(*) AS n FROM sqlite_master", [], collect: false)
            try run("PRAGMA journal_mode=WAL", [], collect: false)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        sqlite3_close(handle)
    }

    /// Closes the connection; later calls throw "database is closed".
    func close() {
        lock.withLock {
            sqlite3_close_v2(handle)
            handle = nil
        }
    }

    var lastInsertRowID: Int64 {
        lock.withLock { sqlite3_last_insert_rowid(handle) }
    }

    func execute(_ sql: String, _ parameters: [SQLValue]) throws {
        try run(sql, parameters, collect: false)
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [SQLRow] {
        try run(sql, parameters, collect: true)
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let level = depth
        let savepoint = "kit_\(level)"
        try run(level == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)", [], collect: false)
        depth = level + 1
        defer { depth = level }
        do {
            let result = try body()
            try run(level == 0 ? "COMMIT" : "RELEASE \(savepoint)", [], collect: false)
            return result
        } catch {
            if level == 0 {
                if let handle, sqlite3_get_autocommit(handle) == 0 { _ = try? run("ROLLBACK", [], collect: false) }
            } else {
                _ = try? run("ROLLBACK TO \(savepoint)", [], collect: false)
                _ = try? run("RELEASE \(savepoint)", [], collect: false)
            }
            throw error
        }
    }

    func failure(_ status: Int32, _ sql: String) -> DatabaseError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "database is closed"
        return DatabaseError(path: path, code: status, message: "\(message) (in: \(sql.prefix(80)))")
    }
}
