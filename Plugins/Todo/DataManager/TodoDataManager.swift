import Contracts

/// The objc.io to-do app's data manager: the one place the Interactors reach storage through.
/// It turns the store's rows into the plugin's ``TodoRecord``s, finds items by their stable ids
/// (whatever list they are on), and keeps an undo step per change in the store, so `undo` can
/// be typed again and again and survives a restart.
///
/// A command on several items (`done 1 6 9`) checks every id first and changes all of them or
/// none, as one undo step. `done` on a recurring item adds the next one in the same step.
///
/// The store is whatever provides ``TodoStore`` in the registry: this plugin's own
/// (``SQLiteTodoStore``, which keeps everything) or another plugin's, seen through
/// ``ContractTodoRecords``.
final class TodoDataManager {
    private let records: any TodoRecordStore
    private let clock: any Clock

    init(store: any TodoStore, clock: any Clock) {
        records = (store as? any TodoRecordStore) ?? ContractTodoRecords(store)
        self.clock = clock
    }

    /// Items still to do, by due day and time, those without a day last.
    func openItems() throws -> [TodoRecord] {
        try records.openRecords()
    }

    /// Finished items, the most recently finished first.
    func doneItems() throws -> [TodoRecord] {
        try records.doneRecords()
    }

    /// Item `id`, done or not; a ``CommandError`` when there is none.
    func item(id: Int64) throws -> TodoRecord {
        guard let record = try records.record(id: id) else {
            throw CommandError("there is no to-do item \(id); the number before each item is its id ('open todo/all' lists every item)")
        }
        return record
    }

    /// Items `ids`, each checked; the first that is missing is a ``CommandError`` and nothing changes.
    func items(ids: [Int64]) throws -> [TodoRecord] {
        try ids.map(item(id:))
    }

    func add(name: String, due: CalendarDay?) throws -> TodoRecord {
        try add(TodoRecord(id: 0, name: name, due: due))
    }

    /// Stores `record` as a new item; `undo` removes it again.
    func add(_ record: TodoRecord) throws -> TodoRecord {
        try records.inOneWrite {
            let stored = try records.insert(record)
            try records.pushUndoStep(TodoUndoStep(verb: .added, records: [], added: [stored.id]))
            return stored
        }
    }

    /// Changes the name and day of item `id`; done or not, it keeps that.
    func change(id: Int64, name: String, due: CalendarDay?) throws -> TodoRecord {
        var record = try item(id: id)
        record.name = name
        record.due = due
        return try change(record)
    }

    /// Writes `record` over the item with its id; `undo` puts the item back as it was.
    func change(_ record: TodoRecord) throws -> TodoRecord {
        let before = try item(id: record.id)
        try records.inOneWrite {
            try records.save(record)
            try records.pushUndoStep(TodoUndoStep(verb: .changed, records: [before]))
        }
        return record
    }

    /// Marks items `ids` done now; they stay stored, on the finished list. A recurring item's
    /// next one is added (due one period later). Returns what was done and what was added.
    func complete(ids: [Int64]) throws -> (done: [TodoRecord], next: [TodoRecord]) {
        let before = try items(ids: ids)
        if let finished = before.first(where: { $0.doneAt != nil }) {
            throw CommandError("item \(finished.id) is already done; 'reopen \(finished.id)' puts it back on the list (nothing was changed)")
        }
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier)
        let today = calendar.today(clock)
        return try records.inOneWrite {
            var done: [TodoRecord] = []
            var next: [TodoRecord] = []
            for record in before {
                var finished = record
                finished.doneAt = clock.secondsSince1970
                try records.save(finished)
                done.append(finished)
                if let rule = record.recurrence {
                    let due = rule.next(after: record.due ?? today, today: today, calendar: calendar)
                    next.append(try records.insert(TodoRecord(id: 0, name: record.name, due: due, time: record.time,
                                                              priority: record.priority, recurrence: rule)))
                }
            }
            try records.pushUndoStep(TodoUndoStep(verb: .done, records: before, added: next.map(\.id)))
            return (done, next)
        }
    }

    /// Puts finished items `ids` back on the list.
    func reopen(ids: [Int64]) throws -> [TodoRecord] {
        let before = try items(ids: ids)
        if let open = before.first(where: { $0.doneAt == nil }) {
            throw CommandError("item \(open.id) is not done; only finished items can be reopened (nothing was changed)")
        }
        return try records.inOneWrite {
            let reopened = try before.map { record in
                var open = record
                open.doneAt = nil
                try records.save(open)
                return open
            }
            try records.pushUndoStep(TodoUndoStep(verb: .reopened, records: before))
            return reopened
        }
    }

    /// Removes items `ids`; `undo` puts them back under the same ids, notes and all.
    func delete(ids: [Int64]) throws -> [TodoRecord] {
        let before = try items(ids: ids)
        try records.inOneWrite {
            for record in before { try records.delete(id: record.id) }
            try records.pushUndoStep(TodoUndoStep(verb: .deleted, records: before))
        }
        return before
    }

    /// Gives items `ids` a priority (nil: none).
    func setPriority(_ priority: TodoPriority?, ids: [Int64]) throws -> [TodoRecord] {
        let before = try items(ids: ids)
        return try records.inOneWrite {
            let changed = try before.map { record in
                var changed = record
                changed.priority = priority
                try records.save(changed)
                return changed
            }
            try records.pushUndoStep(TodoUndoStep(verb: .prioritized, records: before))
            return changed
        }
    }

    /// Adds a note dated now to item `id`.
    func annotate(id: Int64, text: String) throws -> TodoRecord {
        let before = try item(id: id)
        var changed = before
        changed.notes.append(TodoNote(at: clock.secondsSince1970, text: text))
        try records.inOneWrite {
            try records.save(changed)
            try records.pushUndoStep(TodoUndoStep(verb: .noted, records: [before]))
        }
        return changed
    }

    /// Stores `imported` as new items, as one undo step.
    func importItems(_ imported: [TodoRecord]) throws -> [TodoRecord] {
        guard !imported.isEmpty else { return [] }
        return try records.inOneWrite {
            let stored = try imported.map { try records.insert($0) }
            try records.pushUndoStep(TodoUndoStep(verb: .imported, records: [], added: stored.map(\.id)))
            return stored
        }
    }

    /// Takes back the latest change not taken back yet: the items as they were (and those the
    /// change had added, removed again), and what the change was; nil when there is nothing to undo.
    func undo() throws -> (restored: [TodoRecord], removed: [TodoRecord], verb: TodoUndoStep.Verb)? {
        try records.inOneWrite {
            guard let step = try records.popUndoStep() else { return nil }
            var restored: [TodoRecord] = []
            var removed: [TodoRecord] = []
            for entry in step.entries {
                if let before = entry.before {
                    try records.save(before)
                    restored.append(before)
                } else if let added = try records.record(id: entry.id) {
                    try records.delete(id: entry.id)
                    removed.append(added)
                }
            }
            return (restored, removed, step.verb)
        }
    }
}
