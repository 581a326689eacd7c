import Contracts

/// A ``NoteStore`` in the SQLite database `notes` of the data folder.
///
/// The file is opened on first use, not when the service is made, so a file that is
/// not a database (or cannot be read) is reported by the call that needed it, with
/// the file's path, and the module showing notes draws the message; the host never
/// overwrites such a file. Every write runs in a transaction.
final class SQLiteNoteStore: NoteStore {
    /// The database file's name in the data folder, without `.sqlite`.
    static let databaseName = "notes"
    /// The schema version this code reads and writes (`PRAGMA user_version`).
    static let schemaVersion: Int64 = 1

    private let databases: any DatabaseOpening
    private let clock: any Clock
    private var database: (any Database)?

    init(databases: any DatabaseOpening, clock: any Clock) {
        self.databases = databases
        self.clock = clock
    }

    func notes() throws -> [Note] {
        try open().query("SELECT id, title, body, modified FROM notes ORDER BY modified DESC, id DESC").map(Self.note)
    }

    func note(id: Int64) throws -> Note? {
        try open().query("SELECT id, title, body, modified FROM notes WHERE id = ?", [.integer(id)]).first.map(Self.note)
    }

    func add(_ draft: NoteDraft) throws -> Note {
        let db = try open()
        let now = clock.secondsSince1970
        return try db.transaction {
            try db.execute("INSERT INTO notes(title, body, modified) VALUES (?, ?, ?)",
                           [.text(draft.title), .text(draft.body), .real(now)])
            return Note(id: db.lastInsertRowID, title: draft.title, body: draft.body, modified: now)
        }
    }

    func update(id: Int64, with draft: NoteDraft) throws -> Note {
        let db = try open()
        let now = clock.secondsSince1970
        return try db.transaction {
            guard try !db.query("SELECT id FROM notes WHERE id = ?", [.integer(id)]).isEmpty else {
                throw NoteStoreError(path: db.path, message: "there is no note \(id) to update; it may have been deleted")
            }
            try db.execute("UPDATE notes SET title = ?, body = ?, modified = ? WHERE id = ?",
                           [.text(draft.title), .text(draft.body), .real(now), .integer(id)])
            return Note(id: id, title: draft.title, body: draft.body, modified: now)
        }
    }

    func delete(id: Int64) throws {
        let db = try open()
        try db.transaction {
            try db.execute("DELETE FROM notes WHERE id = ?", [.integer(id)])
        }
    }

    /// Opens the database and brings its schema up to date, once.
    private func open() throws -> any Database {
        if let database { return database }
        let db = try databases.open(Self.databaseName)
        try db.transaction {
            let version = try db.query("PRAGMA user_version").first?.integer("user_version") ?? 0
            guard version < Self.schemaVersion else {
                if version > Self.schemaVersion {
                    throw NoteStoreError(path: db.path, message: "written by a newer note-storage (schema \(version), this one reads \(Self.schemaVersion)); update the plugin")
                }
                return
            }
            try db.execute("""
                CREATE TABLE IF NOT EXISTS notes(
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    modified REAL NOT NULL)
                """)
            try db.execute("PRAGMA user_version = \(Self.schemaVersion)")
        }
        database = db
        return db
    }

    private static func note(_ row: SQLRow) -> Note {
        Note(id: row.integer("id") ?? 0, title: row.text("title") ?? "", body: row.text("body") ?? "",
             modified: row.real("modified") ?? 0)
    }
}
