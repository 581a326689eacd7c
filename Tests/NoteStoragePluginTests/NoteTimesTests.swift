import ConformanceKit
import Contracts
import Testing
@testable import NoteStoragePlugin
@testable import ViperRuntime

/// `import DIR` keeps each file's modified time: the store takes a time (Contracts 1.6).
@Suite struct NoteTimesTests {
    @Test func aNoteAddedWithATimeKeepsItAndSortsByIt() throws {
        let folder = try TemporaryDataFolder()
        let clock = FixedClock()
        let store = SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: clock)
        let today = try store.add(NoteDraft(title: "Today", body: ""))
        let old = try store.add(NoteDraft(title: "Old", body: ""), modified: 1_577_836_800)
        #expect(old.modified == 1_577_836_800)
        #expect(try store.note(id: old.id)?.modified == 1_577_836_800)
        #expect(try store.notes().map(\.title) == ["Today", "Old"], "newest first, by the kept time")
        #expect(today.modified == clock.secondsSince1970)
    }
}
