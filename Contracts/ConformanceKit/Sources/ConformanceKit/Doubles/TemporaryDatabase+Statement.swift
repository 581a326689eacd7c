// This file and viper's SQLiteDatabase+Statement.swift (Host/ViperRuntime/Services) are one
// helper written twice, on purpose. The kit is a package of its own that plugin authors build
// against, and it depends only on Contracts; viper's runtime must not depend on a test kit, and a
// third package for 70 lines would add one to every author's build. The two differ only in the
// runtime's injected faults and its message while viper shuts down: a fix to binding, stepping or
// reading a column goes to both.
//
// Implementation-only: what imports the kit (swift-api-digester in Contracts/API/gate, a test
// compiled with swiftc) then needs no module map for sqlite3. No SQLite type is in any
// stored property, so the kit's layout does not depend on it.
internal import CConformanceSQLite
import Contracts

/// SQLite does not export SQLITE_TRANSIENT to Swift (it is a macro): rebuild it.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension TemporaryDatabase {
    /// Prepares, binds and steps one statement, under ``lock``.
    @discardableResult
    func run(_ sql: String, _ parameters: [SQLValue], collect: Bool) throws -> [SQLRow] {
        lock.lock()
        defer { lock.unlock() }
        guard let handle else {
            throw DatabaseError(path: path, code: SQLITE_MISUSE, message: "database is closed (in: \(sql.prefix(80)))")
        }
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared, sql) }
        defer { sqlite3_finalize(statement) }
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == parameters.count else {
            throw DatabaseError(path: path, code: SQLITE_RANGE,
                                message: "statement takes \(expected) parameters, \(parameters.count) given (in: \(sql.prefix(80)))")
        }
        for (offset, value) in parameters.enumerated() {
            let status = bind(value, at: Int32(offset + 1), in: statement)
            guard status == SQLITE_OK else { throw failure(status, sql) }
        }
        var rows: [SQLRow] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw failure(step, sql) }
            if collect { rows.append(row(of: statement)) }
        }
        return rows
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(statement, index)
        case .integer(let number): return sqlite3_bind_int64(statement, index, number)
        case .real(let number): return sqlite3_bind_double(statement, index, number)
        case .text(let text): return sqlite3_bind_text(statement, index, text, -1, sqliteTransient)
        case .blob(let bytes):
            return bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), sqliteTransient) }
        }
    }

    private func row(of statement: OpaquePointer) -> SQLRow {
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
        return SQLRow(columns)
    }
}
