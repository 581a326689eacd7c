import Contracts
import Foundation
import ViperTestSupport

/// A ``NoteStore`` that keeps its notes in a file of the data folder, so a new
/// instance finds them; each flaw breaks one promise of the contract.
final class FakeNoteStore: NoteStore {
    enum Flaw: CaseIterable {
        /// Keeps notes in memory only: a new instance finds nothing.
        case forgetsWrites
        /// Lists the oldest note first.
        case oldestFirst
        /// Throws for a missing note instead of returning nil.
        case throwsForMissingNote
        /// Updating a missing note adds it instead of throwing.
        case updateOfMissingAdds
        /// Deleting a missing note throws.
        case throwsOnMissingDelete
    }

    private struct Stored: Codable {
        var notes: [Int64: [String]] = [:]
        var modified: [Int64: Double] = [:]
        var nextID: Int64 = 1
    }

    private let file: String
    private let flaw: Flaw?
    private var memory = Stored()

    init(folder: any DataFolder, flaw: Flaw? = nil) {
        file = folder.path + "/fake-notes.json"
        self.flaw = flaw
    }

    func notes() throws -> [Note] {
        let all = try load().notes.keys.compactMap { try note(id: $0) }
            .sorted { ($0.modified, $0.id) > ($1.modified, $1.id) }
        return flaw == .oldestFirst ? all.reversed() : all
    }

    func note(id: Int64) throws -> Note? {
        let stored = try load()
        guard let fields = stored.notes[id] else {
            if flaw == .throwsForMissingNote { throw StubError("no note \(id)") }
            return nil
        }
        return Note(id: id, title: fields[0], body: fields[1], modified: stored.modified[id] ?? 0)
    }

    func add(_ draft: NoteDraft) throws -> Note {
        var stored = try load()
        let id = stored.nextID
        stored.nextID += 1
        return try write(id: id, draft, into: &stored)
    }

    func update(id: Int64, with draft: NoteDraft) throws -> Note {
        var stored = try load()
        guard stored.notes[id] != nil || flaw == .updateOfMissingAdds else { throw StubError("there is no note \(id)") }
        return try write(id: id, draft, into: &stored)
    }

    func delete(id: Int64) throws {
        var stored = try load()
        guard stored.notes.removeValue(forKey: id) != nil || flaw != .throwsOnMissingDelete else { throw StubError("no note \(id)") }
        try save(stored)
    }

    private func write(id: Int64, _ draft: NoteDraft, into stored: inout Stored) throws -> Note {
        let modified = (stored.modified.values.max() ?? 0) + 1
        stored.notes[id] = [draft.title, draft.body]
        stored.modified[id] = modified
        try save(stored)
        return Note(id: id, title: draft.title, body: draft.body, modified: modified)
    }

    private func load() throws -> Stored {
        if flaw == .forgetsWrites { return memory }
        guard let data = FileManager.default.contents(atPath: file) else { return Stored() }
        return try JSONDecoder().decode(Stored.self, from: data)
    }

    private func save(_ stored: Stored) throws {
        if flaw == .forgetsWrites {
            memory = stored
            return
        }
        try JSONEncoder().encode(stored).write(to: URL(fileURLWithPath: file))
    }
}
