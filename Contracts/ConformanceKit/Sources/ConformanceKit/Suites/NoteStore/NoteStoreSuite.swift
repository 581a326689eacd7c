import Contracts

extension ContractSuite {
    /// What every ``NoteStore`` promises (see its doc comment): a new instance on the
    /// same data folder finds every acknowledged write; notes come newest first;
    /// a missing note is nil to read, an error naming its id to update, nothing to
    /// delete; a failed write changes nothing.
    ///
    /// A store that keeps a trash (``NoteStoreKeepingTrash``) or searches
    /// (``NoteSearching``) is also held to those promises; for one that does not, those two
    /// checks do not apply.
    ///
    /// Each check makes its own instances through the plugin's factory and looks
    /// only at the notes it added.
    public static let noteStore = ContractSuite(for: NoteStore.self, serviceChecks: [
        ServiceCheck("keeps-writes-across-instances", run: NoteStoreChecks.keepsWrites),
        ServiceCheck("reads-back-what-add-returned", run: NoteStoreChecks.readsBack),
        ServiceCheck("lists-newest-first", run: NoteStoreChecks.newestFirst),
        ServiceCheck("missing-note-reads-as-nil", run: NoteStoreChecks.missingIsNil),
        ServiceCheck("update-of-missing-note-throws-and-changes-nothing", run: NoteStoreChecks.updateMissing),
        ServiceCheck("delete-of-missing-note-does-nothing", run: NoteStoreChecks.deleteMissing),
        ServiceCheck("trash-gives-a-deleted-note-back-with-its-id", run: NoteStoreChecks.trashGivesBack),
        ServiceCheck("search-finds-notes-with-every-word", run: NoteStoreChecks.searchFindsEveryWord),
    ])
}

/// The checks of ``ContractSuite/noteStore``.
enum NoteStoreChecks {
    static func keepsWrites(_ harness: ServiceHarness) throws {
        let first = try harness.make(NoteStore.self)
        let kept = try first.add(NoteDraft(title: "Kept", body: "written by the first instance"))
        let changed = try first.update(id: kept.id, with: NoteDraft(title: "Kept and changed", body: "changed"))
        let deleted = try first.add(NoteDraft(title: "Deleted", body: ""))
        try first.delete(id: deleted.id)
        let second = try harness.make(NoteStore.self)
        let found = try second.note(id: kept.id)
        try CheckFailure.unless(found?.title == changed.title && found?.body == changed.body,
            expected: "a new instance to find note \(kept.id) titled '\(changed.title)'",
            happened: found.map { "it found '\($0.title)'" } ?? "it found no such note",
            fix: "make every write durable before add/update returns")
        try CheckFailure.unless(try second.note(id: deleted.id) == nil,
            expected: "a new instance not to find deleted note \(deleted.id)", happened: "it did",
            fix: "make delete durable before it returns")
        try CheckFailure.unless(try second.notes().contains { $0.id == kept.id },
            expected: "a new instance's notes() to list note \(kept.id)", happened: "it is not listed")
    }

    static func readsBack(_ harness: ServiceHarness) throws {
        let store = try harness.make(NoteStore.self)
        let draft = NoteDraft(title: "Read back", body: "two\nlines")
        let added = try store.add(draft)
        try CheckFailure.unless(added.title == draft.title && added.body == draft.body,
            expected: "add to return the draft's title and body", happened: "it returned '\(added.title)' / '\(added.body)'")
        let read = try store.note(id: added.id)
        try CheckFailure.unless(read == added,
            expected: "note(id: \(added.id)) to return \(added)", happened: "it returned \(read.map { "\($0)" } ?? "nil")")
    }

    static func newestFirst(_ harness: ServiceHarness) throws {
        let store = try harness.make(NoteStore.self)
        let older = try store.add(NoteDraft(title: "Older", body: ""))
        let newer = try store.add(NoteDraft(title: "Newer", body: ""))
        let listed = try store.notes()
        let ids = listed.map(\.id).filter { $0 == older.id || $0 == newer.id }
        try CheckFailure.unless(ids == [newer.id, older.id],
            expected: "notes() to list the note added last first ([\(newer.id), \(older.id)])",
            happened: "it listed \(ids)", fix: "return notes most recently modified first")
        for (earlier, later) in zip(listed, listed.dropFirst()) where (earlier.modified, earlier.id) < (later.modified, later.id) {
            throw CheckFailure(expected: "notes() sorted by modified, newest first, then by id, highest first",
                               happened: "note \(earlier.id) (modified \(earlier.modified)) came before note \(later.id) (modified \(later.modified))")
        }
    }

    static func missingIsNil(_ harness: ServiceHarness) throws {
        let store = try harness.make(NoteStore.self)
        let missing = try unusedID(store)
        let found: Note?
        do {
            found = try store.note(id: missing)
        } catch {
            throw CheckFailure(expected: "note(id: \(missing)) of a missing note to return nil", happened: "it threw: \(error)")
        }
        try CheckFailure.unless(found == nil,
            expected: "note(id: \(missing)) of a missing note to return nil", happened: "it returned \(String(describing: found))")
    }

    static func updateMissing(_ harness: ServiceHarness) throws {
        let store = try harness.make(NoteStore.self)
        _ = try store.add(NoteDraft(title: "Untouched", body: ""))
        let before = try store.notes()
        let missing = try unusedID(store)
        do {
            let returned = try store.update(id: missing, with: NoteDraft(title: "Nowhere", body: ""))
            throw CheckFailure(expected: "update(id: \(missing)) of a missing note to throw", happened: "it returned \(returned)")
        } catch let failure as CheckFailure {
            throw failure
        } catch {
            try CheckFailure.unless(String(describing: error).contains(String(missing)),
                expected: "the error of update(id: \(missing)) to name the id", happened: "it said '\(error)'")
        }
        let after = try store.notes()
        try CheckFailure.unless(after == before,
            expected: "a failed update to change nothing", happened: "notes() went from \(before.count) to \(after.count) notes or changed")
    }

    static func deleteMissing(_ harness: ServiceHarness) throws {
        let store = try harness.make(NoteStore.self)
        _ = try store.add(NoteDraft(title: "Untouched", body: ""))
        let before = try store.notes()
        let missing = try unusedID(store)
        do {
            try store.delete(id: missing)
        } catch {
            throw CheckFailure(expected: "delete(id: \(missing)) of a missing note to do nothing", happened: "it threw: \(error)")
        }
        let after = try store.notes()
        try CheckFailure.unless(after == before,
            expected: "deleting a missing note to change nothing", happened: "notes() changed")
    }

    static func trashGivesBack(_ harness: ServiceHarness) throws {
        guard let store = try harness.make(NoteStore.self) as? any NoteStoreKeepingTrash else {
            throw NotApplicable("the store does not adopt NoteStoreKeepingTrash")
        }
        let note = try store.add(NoteDraft(title: "Trashed", body: "kept"))
        try store.delete(id: note.id)
        try CheckFailure.unless(try store.note(id: note.id) == nil && !store.notes().contains { $0.id == note.id },
            expected: "a deleted note to leave note(id:) and notes()", happened: "note \(note.id) is still there")
        try CheckFailure.unless(try store.trashedNotes().first?.note == note,
            expected: "trashedNotes() to start with the note deleted last, as it was", happened: "it did not")
        let back = try store.restore(id: note.id)
        try CheckFailure.unless(back == note && (try store.note(id: note.id)) == note,
            expected: "restore(id: \(note.id)) to give back the note with its id, title, body and time",
            happened: "it gave back \(back)", fix: "keep a deleted note's row and id; mark it deleted instead of removing it")
        try CheckFailure.unless(try !store.trashedNotes().contains { $0.note.id == note.id },
            expected: "a restored note to leave the trash", happened: "it is still in trashedNotes()")
    }

    static func searchFindsEveryWord(_ harness: ServiceHarness) throws {
        guard let store = try harness.make(NoteStore.self) as? any NoteSearching else {
            throw NotApplicable("the store does not adopt NoteSearching")
        }
        let both = try store.add(NoteDraft(title: "Zebra walk", body: "quokka at dawn"))
        let one = try store.add(NoteDraft(title: "Zebra only", body: ""))
        let found = try store.notes(matching: ["QUOKKA", "zebra"]).map(\.id)
        try CheckFailure.unless(found.contains(both.id) && !found.contains(one.id),
            expected: "notes(matching: [\"QUOKKA\", \"zebra\"]) to find note \(both.id) (both words, any case) and not note \(one.id) (one word)",
            happened: "it found \(found)", fix: "match every word, not any and not the phrase")
    }

    private static func unusedID(_ store: any NoteStore) throws -> Int64 {
        (try store.notes().map(\.id).max() ?? 0) + 1_000
    }
}
