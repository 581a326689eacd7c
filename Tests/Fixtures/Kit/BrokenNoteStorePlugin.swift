// A NoteStore that breaks one promise of the contract, chosen when compiled:
// -D FORGETS_WRITES keeps notes in memory only (a new instance finds nothing),
// -D OLDEST_FIRST lists the oldest note first,
// -D WRONG_ERROR throws when deleting a note that is not there.
// Without a flag it keeps every promise, in a file of the data folder.
// `viper check` must name the promise each one breaks.
import Contracts
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: BrokenNoteStorePlugin.self)
}

struct StoreError: Error, CustomStringConvertible {
    let description: String
}

final class LineNoteStore: NoteStore {
    private let file: String
    private var memory: [Note] = []

    init(folder: any DataFolder) { file = folder.path + "/fixture-notes.txt" }

    func notes() throws -> [Note] {
        let newestFirst = load().sorted { ($0.modified, $0.id) > ($1.modified, $1.id) }
        #if OLDEST_FIRST
        return newestFirst.reversed()
        #else
        return newestFirst
        #endif
    }

    func note(id: Int64) throws -> Note? { load().first { $0.id == id } }

    func add(_ draft: NoteDraft) throws -> Note {
        let all = load()
        let note = Note(id: (all.map(\.id).max() ?? 0) + 1, title: draft.title, body: draft.body,
                        modified: (all.map(\.modified).max() ?? 0) + 1)
        save(all + [note])
        return note
    }

    func update(id: Int64, with draft: NoteDraft) throws -> Note {
        let all = load()
        guard all.contains(where: { $0.id == id }) else { throw StoreError(description: "there is no note \(id)") }
        let note = Note(id: id, title: draft.title, body: draft.body, modified: (all.map(\.modified).max() ?? 0) + 1)
        save(all.filter { $0.id != id } + [note])
        return note
    }

    func delete(id: Int64) throws {
        let all = load()
        #if WRONG_ERROR
        guard all.contains(where: { $0.id == id }) else { throw StoreError(description: "no such note") }
        #endif
        save(all.filter { $0.id != id })
    }

    private func load() -> [Note] {
        #if FORGETS_WRITES
        return memory
        #else
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let id = Int64(fields[0]), let modified = Double(fields[3]) else { return nil }
            return Note(id: id, title: fields[1], body: fields[2].replacingOccurrences(of: "\u{1}", with: "\n"), modified: modified)
        }
        #endif
    }

    private func save(_ notes: [Note]) {
        #if FORGETS_WRITES
        memory = notes
        #else
        let text = notes.map { "\($0.id)\t\($0.title)\t\($0.body.replacingOccurrences(of: "\n", with: "\u{1}"))\t\($0.modified)" }
        try? text.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #endif
    }
}

enum BrokenNoteStorePlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-note-store", version: "1.0.0", summary: "a note store for the suite's tests")
    static func register(in registrar: any Registrar) throws {
        registrar.registerService(NoteStore.self, requires: [.service(DataFolder.self)]) { resolver in
            LineNoteStore(folder: try resolver.resolve(DataFolder.self))
        }
    }
}
