import Contracts

/// A ``NoteStore`` in the SQLite database `notes` of the data folder.
///
/// The file is opened on first use, not when the service is made, so a file that is
/// not a database (or cannot be read) is reported by the call that needed it, with
/// the file's path, and the module showing notes draws the message; the host never
/// overwrites such a file. Every write runs in a transaction.
///
/// Each note belongs to one account (column `owner`, the ``Session``'s user name), and
/// every call sees and changes only the notes of ``owner``'s account. Notes that belong
/// to nobody (owner `''`: written before accounts, by schema 1, or while nobody was
/// signed in) are shown while nobody is signed in, and the next account that reads or
/// writes notes takes them, so notes from the old demo sign-in are never lost.
final class SQLiteNoteStore: NoteStoreKeepingTimes {
    /// The database file's name in the data folder, without `.sqlite`.
    static let databaseName = "notes"
    /// The schema version this code reads and writes (`PRAGMA user_version`).
    static let schemaVersion: Int64 = 2

    private let databases: any DatabaseOpening
    private let clock: any Clock
    /// The account whose notes the calls see: the signed-in user's name, `''` for nobody.
    private let owner: () -> String
    private var database: (any Database)?

    init(databases: any DatabaseOpening, clock: any Clock, owner: @escaping () -> String = { "" }) {
        self.databases = databases
        self.clock = clock
        self.owner = owner
    }

    func notes() throws -> [Note] {
        let (db, owner) = try openAsOwner()
        return try db.query("SELECT id, title, body, modified FROM notes WHERE owner = ? ORDER BY modified DESC, id DESC",
                            [.text(owner)]).map(Self.note)
    }

    func note(id: Int64) throws -> Note? {
        let (db, owner) = try openAsOwner()
        return try db.query("SELECT id, title, body, modified FROM notes WHERE id = ? AND owner = ?",
                            [.integer(id), .text(owner)]).first.map(Self.note)
    }

    func add(_ draft: NoteDraft) throws -> Note {
        try add(draft, modified: clock.secondsSince1970)
    }

    func add(_ draft: NoteDraft, modified now: Double) throws -> Note {
        let (db, owner) = try openAsOwner()
        return try db.transaction {
            try db.execute("INSERT INTO notes(title, body, modified, owner) VALUES (?, ?, ?, ?)",
                           [.text(draft.title), .text(draft.body), .real(now), .text(owner)])
            return Note(id: db.lastInsertRowID, title: draft.title, body: draft.body, modified: now)
        }
    }

    func update(id: Int64, with draft: NoteDraft) throws -> Note {
        let (db, owner) = try openAsOwner()
        let now = clock.secondsSince1970
        return try db.transaction {
            guard try !db.query("SELECT id FROM notes WHERE id = ? AND owner = ?", [.integer(id), .text(owner)]).isEmpty else {
                throw NoteStoreError(path: db.path, message: "there is no note \(id) to update; it may have been deleted")
            }
            try db.execute("UPDATE notes SET title = ?, body = ?, modified = ? WHERE id = ?",
                           [.text(draft.title), .text(draft.body), .real(now), .integer(id)])
            return Note(id: id, title: draft.title, body: draft.body, modified: now)
        }
    }

    func delete(id: Int64) throws {
        let (db, owner) = try openAsOwner()
        try db.transaction {
            try db.execute("DELETE FROM notes WHERE id = ? AND owner = ?", [.integer(id), .text(owner)])
        }
    }

    /// The open database and the account the call acts for; a signed-in account first
    /// takes the notes that belong to nobody (see the type's comment).
    private func openAsOwner() throws -> (any Database, String) {
        let db = try open()
        let owner = owner()
        if !owner.isEmpty {
            try db.transaction {
                try db.execute("UPDATE notes SET owner = ? WHERE owner = ''", [.text(owner)])
            }
        }
        return (db, owner)
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
            // Schema 2: each note's account; the notes of schema 1 belong to nobody yet.
            if try !db.query("PRAGMA table_info(notes)").contains(where: { $0.text("name") == "owner" }) {
                try db.execute("ALTER TABLE notes ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
            }
            try db.execute("CREATE INDEX IF NOT EXISTS notes_owner ON notes(owner)")
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
