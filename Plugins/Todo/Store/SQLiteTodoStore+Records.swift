import Contracts
import Foundation

/// What the data manager needs beyond the contract: items without a day, finished items, the
/// fields only this plugin has, notes and the undo steps (schema 3, described on ``SQLiteTodoStore``).
extension SQLiteTodoStore: TodoRecordStore {
    func openRecords() throws -> [TodoRecord] {
        try records(where: "done_at IS NULL", order: "due IS NULL, due, due_time IS NULL, due_time, id")
    }

    func doneRecords() throws -> [TodoRecord] {
        try records(where: "done_at IS NOT NULL", order: "done_at DESC, id DESC")
    }

    func record(id: Int64) throws -> TodoRecord? {
        try records(where: "id = ?", order: "id", [.integer(id)]).first
    }

    func insert(_ record: TodoRecord) throws -> TodoRecord {
        let db = try open()
        return try db.transaction {
            try db.execute("INSERT INTO todo_items(name, due, done_at, due_time, priority, recurrence) VALUES (?, ?, ?, ?, ?, ?)",
                           [.text(record.name), Self.value(record.due), record.doneAt.map { .real($0) } ?? .null]
                               + Self.extraValues(record))
            let id = db.lastInsertRowID
            let stored = TodoRecord(id: id, name: record.name, due: record.due, doneAt: record.doneAt, time: record.time,
                                    priority: record.priority, recurrence: record.recurrence, notes: record.notes)
            try writeNotes(of: stored, db)
            return stored
        }
    }

    func save(_ record: TodoRecord) throws {
        let db = try open()
        try db.transaction {
            try db.execute(
                "INSERT OR REPLACE INTO todo_items(id, name, due, done_at, due_time, priority, recurrence) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [.integer(record.id), .text(record.name), Self.value(record.due), record.doneAt.map { .real($0) } ?? .null]
                    + Self.extraValues(record))
            try writeNotes(of: record, db)
        }
    }

    func delete(id: Int64) throws {
        let db = try open()
        try db.transaction {
            try db.execute("DELETE FROM todo_items WHERE id = ?", [.integer(id)])
            try db.execute("DELETE FROM todo_notes WHERE item_id = ?", [.integer(id)])
        }
    }

    func pushUndoStep(_ step: TodoUndoStep) throws {
        let db = try open()
        try db.transaction {
            try db.execute("INSERT INTO todo_undo_steps(verb, entries) VALUES (?, ?)",
                           [.text(step.verb.rawValue), .text(try Self.entriesJSON(step.entries))])
            try db.execute("DELETE FROM todo_undo_steps WHERE step <= (SELECT MAX(step) FROM todo_undo_steps) - ?",
                           [.integer(Int64(TodoUndoStep.kept))])
        }
    }

    func popUndoStep() throws -> TodoUndoStep? {
        let db = try open()
        return try db.transaction {
            guard let row = try db.query("SELECT step, verb, entries FROM todo_undo_steps ORDER BY step DESC LIMIT 1").first else { return nil }
            guard let number = row.integer("step"), let verb = row.text("verb").flatMap(TodoUndoStep.Verb.init(rawValue:)),
                  let entries = row.text("entries").flatMap(Self.entries) else {
                throw TodoStoreError(path: db.path, message: "an undo step is damaged (\(row.columns)); delete it from todo_undo_steps with the sqlite3 tool")
            }
            try db.execute("DELETE FROM todo_undo_steps WHERE step = ?", [.integer(number)])
            return TodoUndoStep(verb: verb, entries: entries)
        }
    }

    func inOneWrite<T>(_ body: () throws -> T) throws -> T {
        try open().transaction(body)
    }

    /// The notes of item `id` (every item's when nil), by item, oldest first.
    func notes(of id: Int64?, _ db: any Database) throws -> [Int64: [TodoNote]] {
        let rows = try id.map { try db.query("SELECT item_id, at, text FROM todo_notes WHERE item_id = ? ORDER BY at, id", [.integer($0)]) }
            ?? db.query("SELECT item_id, at, text FROM todo_notes ORDER BY at, id")
        var notes: [Int64: [TodoNote]] = [:]
        for row in rows {
            guard let item = row.integer("item_id"), let at = row.real("at"), let text = row.text("text") else {
                throw TodoStoreError(path: db.path, message: "a note row is damaged (\(row.columns)); delete it from todo_notes with the sqlite3 tool")
            }
            notes[item, default: []].append(TodoNote(at: at, text: text))
        }
        return notes
    }

    private func writeNotes(of record: TodoRecord, _ db: any Database) throws {
        try db.execute("DELETE FROM todo_notes WHERE item_id = ?", [.integer(record.id)])
        for note in record.notes {
            try db.execute("INSERT INTO todo_notes(item_id, at, text) VALUES (?, ?, ?)", [.integer(record.id), .real(note.at), .text(note.text)])
        }
    }

    private static func value(_ day: CalendarDay?) -> SQLValue {
        day.map { .text($0.description) } ?? .null
    }

    /// `due_time`, `priority`, `recurrence`.
    private static func extraValues(_ record: TodoRecord) -> [SQLValue] {
        [record.time.map { .integer(Int64($0)) } ?? .null, record.priority.map { .text($0.rawValue) } ?? .null,
         record.recurrence.map { .text($0.code) } ?? .null]
    }

    // MARK: Undo steps as JSON

    private struct StoredNote: Codable {
        let at: Double
        let text: String
    }

    private struct StoredRecord: Codable {
        let id: Int64
        let name: String
        let due: String?
        let doneAt: Double?
        let time: Int?
        let priority: String?
        let recurrence: String?
        let notes: [StoredNote]?
    }

    private struct StoredEntry: Codable {
        let id: Int64
        let before: StoredRecord?
    }

    static func entriesJSON(_ entries: [TodoUndoStep.Entry]) throws -> String {
        let stored = entries.map { entry in
            StoredEntry(id: entry.id, before: entry.before.map { record in
                StoredRecord(id: record.id, name: record.name, due: record.due?.description, doneAt: record.doneAt, time: record.time,
                             priority: record.priority?.rawValue, recurrence: record.recurrence?.code,
                             notes: record.notes.map { StoredNote(at: $0.at, text: $0.text) })
            })
        }
        return String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
    }

    static func entries(_ json: String) -> [TodoUndoStep.Entry]? {
        guard let stored = try? JSONDecoder().decode([StoredEntry].self, from: Data(json.utf8)) else { return nil }
        return stored.map { entry in
            TodoUndoStep.Entry(id: entry.id, before: entry.before.map { record in
                TodoRecord(id: record.id, name: record.name, due: record.due.flatMap(day), doneAt: record.doneAt, time: record.time,
                           priority: record.priority.flatMap(TodoPriority.init(rawValue:)),
                           recurrence: record.recurrence.flatMap(TodoRecurrence.init(code:)),
                           notes: (record.notes ?? []).map { TodoNote(at: $0.at, text: $0.text) })
            })
        }
    }
}
