import Contracts

/// A service plugin: keeps notes in `notes.sqlite` in the data folder, through the
/// host's database service, each account's apart (the ``Session`` says whose). It has
/// no modules; the Notes plugin shows the notes.
package enum NoteStoragePlugin: Plugin {
    package static let manifest = PluginManifest(name: "note-storage", version: "1.0.0",
                                                 summary: "Keeps notes in notes.sqlite (provides NoteStore)")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerService(NoteStore.self, requires: [.service(DatabaseOpening.self), .service(Clock.self),
                                                             .service(Session.self)]) { resolver in
            let session = try resolver.resolve(Session.self)
            return SQLiteNoteStore(databases: try resolver.resolve(DatabaseOpening.self),
                                   clock: try resolver.resolve(Clock.self),
                                   owner: { session.currentUser?.name ?? "" })
        }
    }
}
