import Contracts

/// A ``TodoStore`` in the SQLite database `todo` of the data folder.
///
/// Opened on first use, so a damaged file is reported (with its path) by the call
/// that needed it and drawn by the module, never overwritten. Every write runs in
/// a transaction. Due days are stored as `YYYY-MM-DD` text, which sorts by date.
final class SQLiteTodoStore: TodoStore {
    static let databaseName = "todo"
    static let schemaVersion: Int64 = 1

    private let databases: any DatabaseOpening
    private var database: (any Database)?

    init(databases: any DatabaseOpening) {
        self.databases = databases
    }

    func items(from start: CalendarDay, through end: CalendarDay) throws -> [TodoItem] {
        let rows = try open().query(
            "SELECT id, name, due FROM todo_items WHERE due >= ? AND due <= ? ORDER BY due, id",
            [.text(start.description), .text(end.description)])
        return try rows.map { row in
            guard let id = row.integer("id"), let name = row.text("name"), let due = row.text("due").flatMap(Self.day) else {
                throw TodoStoreError(path: try open().path, message: "a to-do row is damaged (\(row.columns)); delete it with the sqlite3 tool or restore a backup")
            }
            return TodoItem(id: id, name: name, due: due)
        }
    }

    func add(name: String, due: CalendarDay) throws -> TodoItem {
        let db = try open()
        return try db.transaction {
            try db.execute("INSERT INTO todo_items(name, due) VALUES (?, ?)", [.text(name), .text(due.description)])
            return TodoItem(id: db.lastInsertRowID, name: name, due: due)
        }
    }

    func update(id: Int64, name: String, due: CalendarDay) throws -> TodoItem {
        let db = try open()
        return try db.transaction {
            guard try !db.query("SELECT id FROM todo_items WHERE id = ?", [.integer(id)]).isEmpty else {
                throw TodoStoreError(path: db.path, message: "there is no to-do item \(id) (it was done or deleted); reload the list")
            }
            try db.execute("UPDATE todo_items SET name = ?, due = ? WHERE id = ?", [.text(name), .text(due.description), .integer(id)])
            return TodoItem(id: id, name: name, due: due)
        }
    }

    func remove(id: Int64) throws {
        let db = try open()
        try db.transaction {
            try db.execute("DELETE FROM todo_items WHERE id = ?", [.integer(id)])
        }
    }

    /// Opens the database and brings its schema up to date, once.
    private func open() throws -> any Database {
        if let database { return database }
        let db = try databases.open(Self.databaseName)
        try db.transaction {
            let version = try db.query("PRAGMA user_version").first?.integer("user_version") ?? 0
            if version > Self.schemaVersion {
                throw TodoStoreError(path: db.path, message: "written by a newer todo plugin (schema \(version), this one reads \(Self.schemaVersion)); update the plugin")
            }
            guard version < Self.schemaVersion else { return }
            try db.execute("""
                CREATE TABLE IF NOT EXISTS todo_items(
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    due TEXT NOT NULL)
                """)
            try db.execute("CREATE INDEX IF NOT EXISTS todo_items_due ON todo_items(due)")
            try db.execute("PRAGMA user_version = \(Self.schemaVersion)")
        }
        database = db
        return db
    }

    /// Reads `YYYY-MM-DD`.
    private static func day(_ text: String) -> CalendarDay? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return CalendarDay(year: parts[0], month: parts[1], day: parts[2])
    }
}
