import Contracts
import CSQLite
import Foundation

/// SQLite does not export SQLITE_TRANSIENT to Swift (it is a macro): rebuild it.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The host's ``DatabaseOpening``: `NAME.sqlite` files in the data folder.
final class SQLiteDatabaseOpening: DatabaseOpening {
    private let folder: String
    private let lock = NSLock()
    private var open: [String: SQLiteDatabase] = [:]

    init(folder: String) {
        self.folder = folder
    }

    func open(_ name: String) throws -> any Database {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        guard !name.isEmpty, name.allSatisfy({ allowed.contains($0) }) else {
            throw DatabaseError(path: name, code: SQLITE_MISUSE, message: "database name '\(name)' must be letters, digits, '-' or '_'")
        }
        return try lock.withLock {
            if let existing = open[name] { return existing }
            let database = try SQLiteDatabase(path: Paths.join(folder, name + ".sqlite"))
            open[name] = database
            return database
        }
    }
}

/// One SQLite connection, serialized by a lock. Writes are durable when
/// ``execute(_:_:)`` or ``transaction(_:)`` returns (WAL, synchronous=FULL).
final class SQLiteDatabase: Database {
    let path: String
    private var handle: OpaquePointer?
    private let lock = NSRecursiveLock()
    private var transactionDepth = 0

    init(path: String) throws {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if exists, !FileManager.default.isReadableFile(atPath: path) || !FileManager.default.isWritableFile(atPath: path) {
            throw DatabaseError(path: path, code: SQLITE_CANTOPEN,
                                message: "cannot read or write this database file; check its permissions (chmod u+rw)")
        }
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
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
            _ = try query("SELECT count(*) AS n FROM sqlite_master", [])
            try execute("PRAGMA journal_mode=WAL", [])
            try execute("PRAGMA synchronous=FULL", [])
        } catch let error as DatabaseError {
            sqlite3_close(db)
            handle = nil
            if error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT {
                throw DatabaseError(path: path, code: error.code,
                                    message: "not a valid SQLite database (\(error.message)); viper will not overwrite it: move it aside to start a new one, or restore it from a backup")
            }
            throw error
        }
    }

    deinit {
        sqlite3_close(handle)
    }

    var lastInsertRowID: Int64 {
        lock.withLock { sqlite3_last_insert_rowid(handle) }
    }

    func execute(_ sql: String, _ parameters: [SQLValue]) throws {
        _ = try run(sql, parameters, collect: false)
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [SQLRow] {
        try run(sql, parameters, collect: true)
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let savepoint = "viper_\(transactionDepth)"
        try execute(transactionDepth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)", [])
        transactionDepth += 1
        do {
            let result = try body()
            transactionDepth -= 1
            try execute(transactionDepth == 0 ? "COMMIT" : "RELEASE \(savepoint)", [])
            return result
        } catch {
            transactionDepth -= 1
            try? execute(transactionDepth == 0 ? "ROLLBACK" : "ROLLBACK TO \(savepoint)", [])
            throw error
        }
    }

    private func failure(_ status: Int32, _ sql: String) -> DatabaseError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "database is closed"
        return DatabaseError(path: path, code: status, message: "\(message) (in: \(sql.prefix(80)))")
    }

    private func run(_ sql: String, _ parameters: [SQLValue], collect: Bool) throws -> [SQLRow] {
        lock.lock()
        defer { lock.unlock() }
        guard let handle else { throw DatabaseError(path: path, code: SQLITE_MISUSE, message: "database is closed") }
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared, sql) }
        defer { sqlite3_finalize(statement) }
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == parameters.count else {
            throw DatabaseError(path: path, code: SQLITE_RANGE, message: "statement takes \(expected) parameters, \(parameters.count) given (in: \(sql.prefix(80)))")
        }
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite3_bind_double(statement, index, number)
            case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, sqliteTransient)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), sqliteTransient) }
            }
            guard status == SQLITE_OK else { throw failure(status, sql) }
        }
        var rows: [SQLRow] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw failure(step, sql) }
            guard collect else { continue }
            var columns: [String: SQLValue] = [:]
            for column in 0..<sqlite3_column_count(statement) {
                let name = String(cString: sqlite3_column_name(statement, column))
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: columns[name] = .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: columns[name] = .real(sqlite3_column_double(statement, column))
                case SQLITE_TEXT: columns[name] = .text(String(cString: sqlite3_column_text(statement, column)))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    let bytes = sqlite3_column_blob(statement, column).map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
                    columns[name] = .blob(bytes)
                default: columns[name] = .null
                }
            }
            rows.append(SQLRow(columns))
        }
        return rows
    }
}
