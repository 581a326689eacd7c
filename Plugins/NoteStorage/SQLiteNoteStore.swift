import Contracts
import Foundation

/// A ``NoteStore`` in the SQLite database `notes` of the data folder.
///
/// The file is opened on first use, not when the service is made, so a file that is
/// not a database (or cannot be read) is reported by the call that needed it, with
/// the file's path, and the module showing notes draws the message; the host never
/// overwrites such a file. Every write runs in a transaction.
///
/// Each note belongs to one account (column `owner`, the ``Session``'s user name), and
/// every call sees and changes only the notes of ``owner``'s account. Notes that belong
/// to nobody (owner `''`: written before accounts, by schema 1) are shown while nobody is
/// signed in, and the next account that reads or writes notes takes them, so notes from
/// the old demo sign-in are never lost.
///
/// `delete` moves a note to the trash (column `deleted`, the time; schema 3), where it keeps its
/// id until `restore` or `emptyTrash` (``NoteStoreKeepingTrash``). `notes(matching:)` searches
/// the FTS5 index `notes_fts` (schema 3), which triggers keep equal to the table.
///
/// A note's id is its number in its account (column `number`, schema 3): each account's first
/// note is 1, and a number is never given twice in an account (table `note_numbers` keeps the last
/// one given), so `delete 2; delete 2` can never reach two notes. The table's own `id` stays
/// inside the store (the FTS index's rowid).
///
/// Schemas: 1 had id, title, body, modified; 2 added `owner`; 3 added `number`, `note_numbers`,
/// `deleted` and `notes_fts` (the notes of schema 2 keep their ids as their numbers). Opening an
/// older file brings it to 3 in one transaction; a newer one is refused.
final class SQLiteNoteStore: NoteStoreKeepingTimes, NoteStoreKeepingTrash, NoteSearching {
    /// The database file's name in the data folder, without `.sqlite`.
    static let databaseName = "notes"
    /// The schema version this code reads and writes (`PRAGMA user_version`).
    static let schemaVersion: Int64 = 3

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
        return try db.query("""
            SELECT number, title, body, modified FROM notes WHERE owner = ? AND deleted IS NULL
            ORDER BY modified DESC, number DESC
            """, [.text(owner)]).map(Self.note)
    }

    func note(id: Int64) throws -> Note? {
        let (db, owner) = try openAsOwner()
        return try db.query("SELECT number, title, body, modified FROM notes WHERE number = ? AND owner = ? AND deleted IS NULL",
                            [.integer(id), .text(owner)]).first.map(Self.note)
    }

    func add(_ draft: NoteDraft) throws -> Note {
        try add(draft, modified: clock.secondsSince1970)
    }

    func add(_ draft: NoteDraft, modified now: Double) throws -> Note {
        let (db, owner) = try openAsOwner()
        return try db.transaction {
            let number = try Self.nextNumber(of: owner, in: db)
            try db.execute("INSERT INTO notes(title, body, modified, owner, number) VALUES (?, ?, ?, ?, ?)",
                           [.text(draft.title), .text(draft.body), .real(now), .text(owner), .integer(number)])
            return Note(id: number, title: draft.title, body: draft.body, modified: now)
        }
    }

    func update(id: Int64, with draft: NoteDraft) throws -> Note {
        let (db, owner) = try openAsOwner()
        let now = clock.secondsSince1970
        return try db.transaction {
            guard try !db.query("SELECT id FROM notes WHERE number = ? AND owner = ? AND deleted IS NULL",
                                [.integer(id), .text(owner)]).isEmpty else {
                throw NoteStoreError(path: db.path, message: "there is no note \(id) to update; it may have been deleted")
            }
            try db.execute("UPDATE notes SET title = ?, body = ?, modified = ? WHERE number = ? AND owner = ?",
                           [.text(draft.title), .text(draft.body), .real(now), .integer(id), .text(owner)])
            return Note(id: id, title: draft.title, body: draft.body, modified: now)
        }
    }

    func delete(id: Int64) throws {
        let (db, owner) = try openAsOwner()
        try db.transaction {
            try db.execute("UPDATE notes SET deleted = ? WHERE number = ? AND owner = ? AND deleted IS NULL",
                           [.real(clock.secondsSince1970), .integer(id), .text(owner)])
        }
    }

    // MARK: NoteStoreKeepingTrash

    func trashedNotes() throws -> [TrashedNote] {
        let (db, owner) = try openAsOwner()
        return try db.query("""
            SELECT number, title, body, modified, deleted FROM notes WHERE owner = ? AND deleted IS NOT NULL
            ORDER BY deleted DESC, number DESC
            """, [.text(owner)]).map { TrashedNote(note: Self.note($0), deleted: $0.real("deleted") ?? 0) }
    }

    func restore(id: Int64) throws -> Note {
        let (db, owner) = try openAsOwner()
        return try db.transaction {
            guard let row = try db.query("SELECT number, title, body, modified FROM notes WHERE number = ? AND owner = ? AND deleted IS NOT NULL",
                                         [.integer(id), .text(owner)]).first else {
                throw NoteStoreError(path: db.path, message: "the trash has no note \(id); 'trash' lists what it holds")
            }
            try db.execute("UPDATE notes SET deleted = NULL WHERE number = ? AND owner = ?", [.integer(id), .text(owner)])
            return Self.note(row)
        }
    }

    func emptyTrash() throws -> Int {
        let (db, owner) = try openAsOwner()
        return try db.transaction {
            let count = try db.query("SELECT count(*) AS n FROM notes WHERE owner = ? AND deleted IS NOT NULL",
                                     [.text(owner)]).first?.integer("n") ?? 0
            try db.execute("DELETE FROM notes WHERE owner = ? AND deleted IS NOT NULL", [.text(owner)])
            return Int(count)
        }
    }

    // MARK: NoteSearching

    func notes(matching words: [String]) throws -> [Note] {
        let query = Self.ftsQuery(words)
        guard !query.isEmpty else { return [] }
        let (db, owner) = try openAsOwner()
        return try db.query("""
            SELECT notes.number AS number, notes.title AS title, notes.body AS body, notes.modified AS modified
            FROM notes_fts JOIN notes ON notes.id = notes_fts.rowid
            WHERE notes_fts MATCH ? AND notes.owner = ? AND notes.deleted IS NULL
            ORDER BY bm25(notes_fts, 5.0, 1.0), notes.modified DESC, notes.number DESC
            """, [.text(query), .text(owner)]).map(Self.note)
    }

    /// `words` as an FTS5 query: every word must match, as a word or the start of one; each is a
    /// quoted string, so no word is read as FTS5 syntax (`AND`, `-`, `:`, quotes).
    static func ftsQuery(_ words: [String]) -> String {
        words.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
            .joined(separator: " AND ")
    }

    // MARK: Private

    /// The open database and the account the call acts for; a signed-in account first
    /// takes the notes that belong to nobody (see the type's comment).
    private func openAsOwner() throws -> (any Database, String) {
        let db = try open()
        let owner = owner()
        if !owner.isEmpty, try !db.query("SELECT id FROM notes WHERE owner = '' LIMIT 1").isEmpty {
            // Each note taken gets the account's next number (its own may already be taken).
            try db.transaction {
                for row in try db.query("SELECT id FROM notes WHERE owner = '' ORDER BY number, id") {
                    try db.execute("UPDATE notes SET owner = ?, number = ? WHERE id = ?",
                                   [.text(owner), .integer(try Self.nextNumber(of: owner, in: db)), row["id"]])
                }
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
            try Self.migrate(db)
        }
        database = db
        return db
    }

    /// Brings any older schema (or an empty file) to ``schemaVersion``; each step checks what is there.
    private static func migrate(_ db: any Database) throws {
        try db.execute("""
            CREATE TABLE IF NOT EXISTS notes(
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                modified REAL NOT NULL)
            """)
        let columns = try db.query("PRAGMA table_info(notes)").compactMap { $0.text("name") }
        // Schema 2: each note's account; the notes of schema 1 belong to nobody yet.
        if !columns.contains("owner") {
            try db.execute("ALTER TABLE notes ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
        }
        try db.execute("CREATE INDEX IF NOT EXISTS notes_owner ON notes(owner)")
        // Schema 3: numbers per account (a note of schema 2 keeps its id), the trash, and the full-text index.
        if !columns.contains("number") {
            try db.execute("ALTER TABLE notes ADD COLUMN number INTEGER NOT NULL DEFAULT 0")
            try db.execute("UPDATE notes SET number = id")
        }
        if !columns.contains("deleted") {
            try db.execute("ALTER TABLE notes ADD COLUMN deleted REAL")
        }
        try db.execute("CREATE UNIQUE INDEX IF NOT EXISTS notes_owner_number ON notes(owner, number)")
        try db.execute("CREATE TABLE IF NOT EXISTS note_numbers(owner TEXT PRIMARY KEY, last INTEGER NOT NULL)")
        try db.execute("INSERT OR REPLACE INTO note_numbers(owner, last) SELECT owner, max(number) FROM notes GROUP BY owner")
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS notes_fts USING fts5(title, body, content='notes', content_rowid='id')")
        try db.execute("""
            CREATE TRIGGER IF NOT EXISTS notes_fts_insert AFTER INSERT ON notes BEGIN
                INSERT INTO notes_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END
            """)
        try db.execute("""
            CREATE TRIGGER IF NOT EXISTS notes_fts_delete AFTER DELETE ON notes BEGIN
                INSERT INTO notes_fts(notes_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
            END
            """)
        try db.execute("""
            CREATE TRIGGER IF NOT EXISTS notes_fts_update AFTER UPDATE OF title, body ON notes BEGIN
                INSERT INTO notes_fts(notes_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
                INSERT INTO notes_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END
            """)
        try db.execute("INSERT INTO notes_fts(notes_fts) VALUES ('rebuild')")
        try db.execute("PRAGMA user_version = \(schemaVersion)")
    }

    /// The next number of `owner`'s notes, taken (call inside a transaction).
    private static func nextNumber(of owner: String, in db: any Database) throws -> Int64 {
        let last = try db.query("SELECT last FROM note_numbers WHERE owner = ?", [.text(owner)]).first?.integer("last")
            ?? db.query("SELECT max(number) AS last FROM notes WHERE owner = ?", [.text(owner)]).first?.integer("last") ?? 0
        try db.execute("INSERT OR REPLACE INTO note_numbers(owner, last) VALUES (?, ?)", [.text(owner), .integer(last + 1)])
        return last + 1
    }

    private static func note(_ row: SQLRow) -> Note {
        Note(id: row.integer("number") ?? 0, title: row.text("title") ?? "", body: row.text("body") ?? "",
             modified: row.real("modified") ?? 0)
    }
}
