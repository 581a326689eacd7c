// Implementation-only: what imports the kit (swift-api-digester in Contracts/API/gate, a test
// compiled with swiftc) then needs no module map for sqlite3. No SQLite type is in any
// stored property, so the kit's layout does not depend on it.
internal import CConformanceSQLite
import Contracts
import Foundation

/// A ``DatabaseOpening`` double that is real SQLite: `NAME.sqlite` files in a
/// ``TemporaryDataFolder``, in WAL mode, with transactions (nested ones are
/// savepoints) and failures thrown as Contracts' ``DatabaseError``, as in viper.
/// ``ServiceTable/standard(clock:logger:)`` registers one on its data folder, so a
/// store plugin is checked in process against the SQL it really runs.
///
///     let databases = try TemporaryDatabases()
///     let db = try databases.open("visits")
///     try db.execute("CREATE TABLE visits(at REAL NOT NULL)")
///     try db.transaction { try db.execute("INSERT INTO visits VALUES (?)", [.real(1)]) }
///     databases.closeAll()                       // what the next session finds:
///     #expect(try databases.open("visits").query("SELECT at FROM visits").count == 1)
public final class TemporaryDatabases: DatabaseOpening {
    /// The folder the database files are in (kept while this object lives).
    public let folder: TemporaryDataFolder
    private let lock = NSLock()
    private var open: [String: TemporaryDatabase] = [:]

    /// Opens databases in `folder`; two objects on one folder see the same files.
    public init(folder: TemporaryDataFolder) {
        self.folder = folder
    }

    /// Opens databases in a new ``TemporaryDataFolder``.
    public convenience init() throws {
        self.init(folder: try TemporaryDataFolder())
    }

    /// Opens (creating if missing) `NAME.sqlite` in ``folder``. Opening a name again
    /// gives the same connection until ``closeAll()``, as viper's service does.
    /// Throws ``DatabaseError`` when the name is not letters, digits, `-` or `_`, or
    /// the file is not a database.
    public func open(_ name: String) throws -> any Database {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        guard !name.isEmpty, name.allSatisfy({ allowed.contains($0) }) else {
            throw DatabaseError(path: name, code: SQLITE_MISUSE, message: "database name '\(name)' must be letters, digits, '-' or '_'")
        }
        return try lock.withLock {
            if let existing = open[name] { return existing }
            let database = try TemporaryDatabase(path: folder.path + "/" + name + ".sqlite")
            open[name] = database
            return database
        }
    }

    /// Closes every connection opened here, so the next ``open(_:)`` reads the file
    /// afresh, as a new session would. A closed connection throws "database is closed".
    public func closeAll() {
        let databases = lock.withLock {
            defer { open = [:] }
            return Array(open.values)
        }
        for database in databases {
            database.close()
        }
    }
}
