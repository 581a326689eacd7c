import Contracts

/// The plugin's own calls on the same table: items without a day, finished items and the
/// undo step (schema 2, described on ``SQLiteTodoStore``).
extension SQLiteTodoStore: TodoRecordStore {
    func openRecords() throws -> [TodoRecord] {
        try records(where: "done_at IS NULL", order: "due IS NULL, due, id")
    }

    func doneRecords() throws -> [TodoRecord] {
        try records(where: "done_at IS NOT NULL", order: "done_at DESC, id DESC")
    }

    func record(id: Int64) throws -> TodoRecord? {
        try records(where: "id = ?", order: "id", [.integer(id)]).first
    }

    func insert(name: String, due: CalendarDay?) throws -> TodoRecord {
        let db = try open()
        return try db.transaction {
            try db.execute("INSERT INTO todo_items(name, due) VALUES (?, ?)", [.text(name), Self.value(due)])
            return TodoRecord(id: db.lastInsertRowID, name: name, due: due)
        }
    }

    func save(_ record: TodoRecord) throws {
        let db = try open()
        try db.transaction {
            try db.execute("INSERT OR REPLACE INTO todo_items(id, name, due, done_at) VALUES (?, ?, ?, ?)",
                           [.integer(record.id), .text(record.name), Self.value(record.due), record.doneAt.map { .real($0) } ?? .null])
        }
    }

    func delete(id: Int64) throws {
        let db = try open()
        try db.transaction {
            try db.execute("DELETE FROM todo_items WHERE id = ?", [.integer(id)])
        }
    }

    func undoStep() throws -> TodoUndoStep? {
        let db = try open()
        guard let row = try db.query("SELECT verb, item_id, name, due, done_at FROM todo_undo WHERE slot = 1").first else { return nil }
        guard let verb = row.text("verb").flatMap(TodoUndoStep.Verb.init(rawValue:)), let id = row.integer("item_id"),
              let name = row.text("name") else {
            throw TodoStoreError(path: db.path, message: "the undo record is damaged (\(row.columns)); delete it with the sqlite3 tool")
        }
        return TodoUndoStep(verb: verb, record: TodoRecord(id: id, name: name, due: row.text("due").flatMap(Self.day), doneAt: row.real("done_at")))
    }

    func setUndoStep(_ step: TodoUndoStep?) throws {
        let db = try open()
        try db.transaction {
            try db.execute("DELETE FROM todo_undo")
            guard let step else { return }
            try db.execute("INSERT INTO todo_undo(slot, verb, item_id, name, due, done_at) VALUES (1, ?, ?, ?, ?, ?)",
                           [.text(step.verb.rawValue), .integer(step.record.id), .text(step.record.name),
                            Self.value(step.record.due), step.record.doneAt.map { .real($0) } ?? .null])
        }
    }

    private static func value(_ day: CalendarDay?) -> SQLValue {
        day.map { .text($0.description) } ?? .null
    }
}
