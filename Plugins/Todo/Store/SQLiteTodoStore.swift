import Contracts

/// A ``TodoStore`` in the SQLite database `todo` of the data folder.
///
/// Opened on first use, so a damaged file is reported (with its path) by the call
/// that needed it and drawn by the module, never overwritten. Every write runs in
/// a transaction. Due days are stored as `YYYY-MM-DD` text, which sorts by date.
///
/// Schema 3 (this plugin's ``TodoRecordStore``, in `SQLiteTodoStore+Records.swift`): the
/// due day may be NULL (an item without a date), `done_at` keeps when an item was finished
/// (it stays stored), `due_time` (minutes after midnight), `priority` (`H`, `M`, `L`) and
/// `recurrence` (``TodoRecurrence/code``) may be NULL, `todo_notes` holds each item's dated
/// notes, and `todo_undo_steps` the steps `undo` takes back, latest last, so they survive a
/// restart. Schema 2 had no time, priority, recurrence or notes and one undo step
/// (`todo_undo`); opening it adds the columns and tables and keeps that step.
/// The contract's calls see only items with a day that are still to do.
final class SQLiteTodoStore: TodoStore {
    static let databaseName = "todo"
    static let schemaVersion: Int64 = 3

    private let databases: any DatabaseOpening
    private var database: (any Database)?

    init(databases: any DatabaseOpening) {
        self.databases = databases
    }

    func items(from start: CalendarDay, through end: CalendarDay) throws -> [TodoItem] {
        try records(where: "done_at IS NULL AND due IS NOT NULL AND due >= ? AND due <= ?", order: "due, id",
                    [.text(start.description), .text(end.description)]).compactMap(\.contractItem)
    }

    func add(name: String, due: CalendarDay) throws -> TodoItem {
        let record = try insert(name: name, due: due)
        return TodoItem(id: record.id, name: record.name, due: due)
    }

    func update(id: Int64, name: String, due: CalendarDay) throws -> TodoItem {
        let db = try open()
        return try db.transaction {
            guard try !db.query("SELECT id FROM todo_items WHERE id = ?", [.integer(id)]).isEmpty else {
                throw TodoStoreError(path: db.path, message: "there is no to-do item \(id) (it was deleted); reload the list")
            }
            try db.execute("UPDATE todo_items SET name = ?, due = ? WHERE id = ?", [.text(name), .text(due.description), .integer(id)])
            return TodoItem(id: id, name: name, due: due)
        }
    }

    func remove(id: Int64) throws {
        try delete(id: id)
    }

    /// The rows matching `condition`, read into records; a damaged row is an error naming the file.
    func records(where condition: String, order: String, _ parameters: [SQLValue] = []) throws -> [TodoRecord] {
        let db = try open()
        let rows = try db.query(
            "SELECT id, name, due, done_at, due_time, priority, recurrence FROM todo_items WHERE \(condition) ORDER BY \(order)", parameters)
        let notes = try self.notes(of: rows.count == 1 ? rows[0].integer("id") : nil, db)
        return try rows.map { row in
            let dueText = row.text("due")
            let due = dueText.flatMap(Self.day)
            let priorityText = row.text("priority")
            let recurrenceText = row.text("recurrence")
            let priority = priorityText.flatMap(TodoPriority.init(rawValue:))
            let recurrence = recurrenceText.flatMap(TodoRecurrence.init(code:))
            guard let id = row.integer("id"), let name = row.text("name"), dueText == nil || due != nil,
                  priorityText == nil || priority != nil, recurrenceText == nil || recurrence != nil else {
                throw TodoStoreError(path: db.path, message: "a to-do row is damaged (\(row.columns)); delete it with the sqlite3 tool or restore a backup")
            }
            return TodoRecord(id: id, name: name, due: due, doneAt: row.real("done_at"), time: row.integer("due_time").map { Int($0) },
                              priority: priority, recurrence: recurrence, notes: notes[id] ?? [])
        }
    }

    /// Opens the database and brings its schema up to date, once.
    func open() throws -> any Database {
        if let database { return database }
        let db = try databases.open(Self.databaseName)
        try db.transaction {
            let version = try db.query("PRAGMA user_version").first?.integer("user_version") ?? 0
            if version > Self.schemaVersion {
                throw TodoStoreError(path: db.path, message: "written by a newer todo plugin (schema \(version), this one reads \(Self.schemaVersion)); update the plugin")
            }
            guard version < Self.schemaVersion else { return }
            if version < 2 { try Self.migrate(db, from: version) }
            try Self.migrateToThree(db, from: version)
            try db.execute("PRAGMA user_version = \(Self.schemaVersion)")
        }
        database = db
        return db
    }

    /// Schema 2 from nothing, or from schema 1 (due NOT NULL, no done time): SQLite cannot
    /// drop a NOT NULL, so the table is copied, keeping every id and the id counter.
    private static func migrate(_ db: any Database, from version: Int64) throws {
        try db.execute("""
            CREATE TABLE IF NOT EXISTS todo_items_v2(
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                due TEXT,
                done_at REAL)
            """)
        if version == 1 {
            try db.execute("INSERT INTO todo_items_v2(id, name, due) SELECT id, name, due FROM todo_items")
            // The old counter is at least the largest id: a deleted item's id is never given again.
            try db.execute("DELETE FROM sqlite_sequence WHERE name = 'todo_items_v2'")
            try db.execute("INSERT INTO sqlite_sequence(name, seq) SELECT 'todo_items_v2', seq FROM sqlite_sequence WHERE name = 'todo_items'")
            try db.execute("DROP TABLE todo_items")
        }
        try db.execute("ALTER TABLE todo_items_v2 RENAME TO todo_items")
        try db.execute("CREATE INDEX IF NOT EXISTS todo_items_due ON todo_items(due)")
        try db.execute("""
            CREATE TABLE IF NOT EXISTS todo_undo(
                slot INTEGER PRIMARY KEY CHECK (slot = 1),
                verb TEXT NOT NULL, item_id INTEGER NOT NULL, name TEXT NOT NULL, due TEXT, done_at REAL)
            """)
    }

    /// Schema 3 from schema 2: the new columns (NULL for every item there is), the notes table,
    /// and the undo steps, holding schema 2's one step when there was one.
    private static func migrateToThree(_ db: any Database, from version: Int64) throws {
        try db.execute("ALTER TABLE todo_items ADD COLUMN due_time INTEGER")
        try db.execute("ALTER TABLE todo_items ADD COLUMN priority TEXT")
        try db.execute("ALTER TABLE todo_items ADD COLUMN recurrence TEXT")
        try db.execute("""
            CREATE TABLE IF NOT EXISTS todo_notes(
                id INTEGER PRIMARY KEY AUTOINCREMENT, item_id INTEGER NOT NULL, at REAL NOT NULL, text TEXT NOT NULL)
            """)
        try db.execute("CREATE INDEX IF NOT EXISTS todo_notes_item ON todo_notes(item_id)")
        try db.execute("""
            CREATE TABLE IF NOT EXISTS todo_undo_steps(
                step INTEGER PRIMARY KEY AUTOINCREMENT, verb TEXT NOT NULL, entries TEXT NOT NULL)
            """)
        if let row = try db.query("SELECT verb, item_id, name, due, done_at FROM todo_undo WHERE slot = 1").first,
           let verb = row.text("verb").flatMap(TodoUndoStep.Verb.init(rawValue:)), let id = row.integer("item_id"),
           let name = row.text("name") {
            let record = TodoRecord(id: id, name: name, due: row.text("due").flatMap(Self.day), doneAt: row.real("done_at"))
            try db.execute("INSERT INTO todo_undo_steps(verb, entries) VALUES (?, ?)",
                           [.text(verb.rawValue), .text(try Self.entriesJSON(TodoUndoStep(verb: verb, records: [record]).entries))])
        }
        try db.execute("DROP TABLE IF EXISTS todo_undo")
    }

    /// Reads `YYYY-MM-DD`.
    static func day(_ text: String) -> CalendarDay? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return CalendarDay(year: parts[0], month: parts[1], day: parts[2])
    }
}
