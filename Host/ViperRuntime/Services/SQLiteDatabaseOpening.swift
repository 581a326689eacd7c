import CSQLite
import Contracts
import Foundation
import ViperLoading

/// The host's ``DatabaseOpening``: `NAME.sqlite` files in the data folder. Every
/// database it opened is closed by ``closeAll()`` when the session ends, so its WAL is
/// written back and `NAME.sqlite` alone holds the data (what people copy as a backup).
package final class SQLiteDatabaseOpening: DatabaseOpening {
    private let folder: String
    /// Where failures to open, write or close are recorded for the shell.
    package let failures: DatabaseFailures
    private let lock = NSLock()
    private var open: [String: SQLiteDatabase] = [:]
    /// Why no database may be opened this session (the data folder may not be written), or nil.
    package var refusal: String?

    init(folder: String, failures: DatabaseFailures = DatabaseFailures()) {
        self.folder = folder
        self.failures = failures
    }

    package func open(_ name: String) throws -> any Database {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        guard !name.isEmpty, name.allSatisfy({ allowed.contains($0) }) else {
            throw DatabaseError(path: name, code: SQLITE_MISUSE, message: "database name '\(name)' must be letters, digits, '-' or '_'")
        }
        return try lock.withLock {
            if let existing = open[name] { return existing }
            if let refusal {
                let error = DatabaseError(path: Paths.join(folder, name + ".sqlite"), code: SQLITE_CANTOPEN, message: refusal)
                failures.record(error)
                throw error
            }
            do {
                let database = try SQLiteDatabase(path: Paths.join(folder, name + ".sqlite"), failures: failures)
                open[name] = database
                return database
            } catch let error as DatabaseError {
                failures.record(error)
                throw error
            }
        }
    }

    /// Closes every database opened here (checkpointing its WAL); returns what failed,
    /// also recorded in ``failures``. A database used after this throws "database is closed".
    /// `leftovers`: first open every database of the folder that a crashed process left a WAL
    /// beside (a session restored after a crash may never open it again), so that it is
    /// checkpointed too and `NAME.sqlite` alone is complete.
    @discardableResult
    package func closeAll(leftovers: Bool = false) -> [DatabaseError] {
        if leftovers, refusal == nil {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasSuffix(".sqlite-wal") {
                _ = try? open(String(name.dropLast(".sqlite-wal".count)))
            }
        }
        let databases = lock.withLock {
            defer { open = [:] }
            return open.values.sorted { $0.path < $1.path }
        }
        var errors: [DatabaseError] = []
        for database in databases {
            do {
                try database.close()
            } catch let error as DatabaseError {
                errors.append(error)
            } catch {
                errors.append(DatabaseError(path: database.path, code: SQLITE_ERROR, message: "\(error)"))
            }
        }
        return errors
    }
}
