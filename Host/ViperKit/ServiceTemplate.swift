import Contracts
import ViperRuntime

/// The sources `viper new service NAME` writes: a plugin providing the bundled
/// `NoteStore` contract from a JSON file in the data folder, its unit tests and a test
/// that runs the contract's conformance suite (`ContractSuite.noteStore`), as the
/// cookbook's "Provide a bundled contract" recipe does. Paths are relative to the package.
enum ServiceTemplate {
    static let files: [(path: String, text: String)] = [
        ("Sources/__Name__Plugin/__Name__Plugin.swift", plugin),
        (EntryTemplate.path, EntryTemplate.source),
        ("Sources/__Name__Plugin/__Name__NoteStore.swift", store),
        ("Tests/__Name__PluginTests/__Name__NoteStoreTests.swift", storeTests),
        ("Tests/__Name__PluginTests/__Name__ConformanceTests.swift", conformanceTests),
    ]

    static let plugin = """
        import Contracts

        /// Provides NoteStore: the bundled Notes modules keep their notes here when this
        /// plugin is chosen ('--prefer Contracts.NoteStore=__route__' or config.json).
        package enum __Name__Plugin: Plugin {
            package static let manifest = PluginManifest(name: "__route__", version: "0.1.0",
                                                         summary: "__Name__: notes in a file of their own (provides NoteStore)")

            package static func register(in registrar: any Registrar) throws {
                registrar.registerService(NoteStore.self, requires: [.service(DataFolder.self), .service(Clock.self)]) { resolver in
                    __Name__NoteStore(folder: try resolver.resolve(DataFolder.self), clock: try resolver.resolve(Clock.self))
                }
                \(ModuleTemplate.registrationMarker)
            }
        }

        """

    static let store = """
        import Contracts
        import Foundation

        /// Notes in `__route__-notes.json` in the data folder, written whole before each
        /// change returns, so a new instance on the same folder reads what this one wrote.
        final class __Name__NoteStore: NoteStore {
            private struct Stored: Codable {
                var id: Int64
                var title: String
                var body: String
                var modified: Double
            }

            private let file: URL
            private let clock: any Clock

            init(folder: any DataFolder, clock: any Clock) {
                file = URL(fileURLWithPath: folder.path).appendingPathComponent("__route__-notes.json")
                self.clock = clock
            }

            func notes() throws -> [Note] {
                try load().sorted { ($0.modified, $0.id) > ($1.modified, $1.id) }.map(Self.note)
            }

            func note(id: Int64) throws -> Note? {
                try load().first { $0.id == id }.map(Self.note)
            }

            func add(_ draft: NoteDraft) throws -> Note {
                var stored = try load()
                let new = Stored(id: (stored.map(\\.id).max() ?? 0) + 1, title: draft.title, body: draft.body,
                                 modified: clock.secondsSince1970)
                stored.append(new)
                try save(stored)
                return Self.note(new)
            }

            func update(id: Int64, with draft: NoteDraft) throws -> Note {
                var stored = try load()
                guard let index = stored.firstIndex(where: { $0.id == id }) else {
                    throw CommandError("there is no note \\(id) to update; it may have been deleted")
                }
                stored[index] = Stored(id: id, title: draft.title, body: draft.body, modified: clock.secondsSince1970)
                try save(stored)
                return Self.note(stored[index])
            }

            func delete(id: Int64) throws {
                try save(try load().filter { $0.id != id })
            }

            private func load() throws -> [Stored] {
                guard FileManager.default.fileExists(atPath: file.path) else { return [] }
                return try JSONDecoder().decode([Stored].self, from: Data(contentsOf: file))
            }

            private func save(_ notes: [Stored]) throws {
                try JSONEncoder().encode(notes).write(to: file, options: .atomic)
            }

            private static func note(_ stored: Stored) -> Note {
                Note(id: stored.id, title: stored.title, body: stored.body, modified: stored.modified)
            }
        }

        """

    static let storeTests = """
        import Contracts
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        @Suite struct __Name__NoteStoreTests {
            @Test func aNewStoreIsEmptyAndListsTheNoteChangedLastFirst() throws {
                let folder = try TemporaryDataFolder()  // removed when the test lets go of it
                let store = __Name__NoteStore(folder: folder, clock: FixedClock(secondsSince1970: 100))
                #expect(try store.notes().isEmpty)
                let first = try store.add(NoteDraft(title: "Groceries", body: "milk"))
                _ = try __Name__NoteStore(folder: folder, clock: FixedClock(secondsSince1970: 200))
                    .add(NoteDraft(title: "Ideas", body: ""))
                #expect(try store.notes().map(\\.title) == ["Ideas", "Groceries"])
                #expect(try store.update(id: first.id, with: NoteDraft(title: "Shopping", body: "")).title == "Shopping")
                withExtendedLifetime(folder) {}
            }

            @Test func updatingAMissingNoteThrows() throws {
                let folder = try TemporaryDataFolder()
                let store = __Name__NoteStore(folder: folder, clock: FixedClock())
                #expect(throws: CommandError.self) { try store.update(id: 7, with: NoteDraft(title: "x", body: "")) }
                withExtendedLifetime(folder) {}
            }
        }

        """

    static let conformanceTests = """
        import ConformanceKit
        import Testing
        @testable import __Name__Plugin

        /// The checks `viper check` runs, in process: the NoteStore suite
        /// (ContractSuite.noteStore) runs by itself for a NoteStore provider.
        @Suite struct __Name__ConformanceTests {
            @Test func theStoreKeepsEveryPromiseOfNoteStore() throws {
                let report = try Conformance.check(__Name__Plugin.self)
                #expect(report.conforms, "\\(report)")
                #expect(report.result("keeps-writes-across-instances", subject: "NoteStore")?.passed == true, "\\(report)")
            }
        }

        """

    static let readme = """
        # __Name__

        A viper plugin made by `viper new service`: it provides the bundled `NoteStore`
        contract from `__route__-notes.json` in viper's data folder.

        ```sh
        swift build && swift test                      # unit tests and the NoteStore suite
        viper check .build/debug/lib__Name__Plugin.so  # the same suite against the built .so
        viper --plugins .build/debug/lib__Name__Plugin.so --prefer Contracts.NoteStore=__route__ -c "open notes"
        ```

        """
}
