import Contracts

/// A service plugin: keeps notes in `notes.sqlite` in the data folder, through the
/// host's database service. It has no modules; the Notes plugin shows the notes.
package enum NoteStoragePlugin: Plugin {
    package static let manifest = PluginManifest(name: "note-storage", version: "1.0.0",
                                                 summary: "Keeps notes in notes.sqlite (provides NoteStore)")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerService(NoteStore.self, requires: [.service(DatabaseOpening.self), .service(Clock.self)]) { resolver in
            SQLiteNoteStore(databases: try resolver.resolve(DatabaseOpening.self),
                            clock: try resolver.resolve(Clock.self))
        }
    }
}
