/// Opens SQLite databases in the data folder. Only the host links libsqlite3;
/// plugins reach it through this service.
///
///     let db = try resolver.resolve(DatabaseOpening.self).open("notes")
///     try db.transaction {
///         try db.execute("INSERT INTO notes(title) VALUES (?)", [.text(title)])
///     }
public protocol DatabaseOpening: AnyObject {
    /// Opens (creating if missing) the database `NAME.sqlite` in the data folder.
    /// Throws ``DatabaseError`` naming the file when it is unreadable or not a database;
    /// such a file is never overwritten.
    func open(_ name: String) throws -> any Database
}

/// One SQLite database.
public protocol Database: AnyObject {
    /// Where the file is.
    var path: String { get }
    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ parameters: [SQLValue]) throws
    /// Runs a query and returns all its rows.
    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [SQLRow]
    /// The rowid of the last insert on this connection.
    var lastInsertRowID: Int64 { get }
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T
}

extension Database {
    /// Runs a statement with no parameters.
    public func execute(_ sql: String) throws {
        try execute(sql, [])
    }

    /// Runs a query with no parameters.
    public func query(_ sql: String) throws -> [SQLRow] {
        try query(sql, [])
    }
}

/// A value bound to or read from SQLite. Frozen: these are SQLite's storage classes, and will not grow.
@frozen
public enum SQLValue: Hashable, Sendable {
    /// NULL.
    case null
    /// INTEGER.
    case integer(Int64)
    /// REAL.
    case real(Double)
    /// TEXT.
    case text(String)
    /// BLOB.
    case blob([UInt8])
}

/// One row of a query result, by column name.
public struct SQLRow: Hashable, Sendable {
    /// The values by column name.
    public let columns: [String: SQLValue]

    /// Makes a row.
    public init(_ columns: [String: SQLValue]) {
        self.columns = columns
    }

    /// The value of `column` (``SQLValue/null`` when absent).
    public subscript(column: String) -> SQLValue { columns[column] ?? .null }

    /// `column` as text, or nil when it is NULL or not text.
    public func text(_ column: String) -> String? {
        if case .text(let value) = self[column] { return value }
        return nil
    }

    /// `column` as an integer, or nil when it is NULL or not an integer.
    public func integer(_ column: String) -> Int64? {
        if case .integer(let value) = self[column] { return value }
        return nil
    }

    /// `column` as a real, or nil when it is NULL or not a number.
    public func real(_ column: String) -> Double? {
        switch self[column] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
}

/// A database failure, naming the file and what to do.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The database file.
    public let path: String
    /// SQLite's result code.
    public let code: Int32
    /// What went wrong and what to do.
    public let message: String

    /// Makes an error.
    public init(path: String, code: Int32, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
