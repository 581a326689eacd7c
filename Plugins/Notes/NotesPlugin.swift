import Contracts

/// Notes, as in ZIKViper's demo: a list and an editor. Storage comes from whichever
/// plugin provides ``NoteStore``; signing in from whichever provides ``Login`` and
/// ``Session``. The account status line is embedded when a plugin provides it.
package enum NotesPlugin: Plugin {
    package static let manifest = PluginManifest(name: "notes", version: "1.0.0",
                                                 summary: "Notes: a list and an editor; editing needs sign-in")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerModule(
            NoteListing.self,
            route: RouteSpec("notes", summary: "Your notes: write, find, edit and delete them"),
            requires: [.service(NoteStore.self), .service(Session.self), .service(Logger.self), .service(Clock.self),
                       .module(NoteEditing.self), .module(Login.self)],
            builder: NoteListBuilder())
        registrar.registerModule(
            NoteOpening.self,
            route: RouteSpec("notes/:id", summary: "Edit note ID (signs you in first if needed)"),
            requires: [.service(NoteStore.self), .service(Session.self), .service(Logger.self), .service(Clock.self),
                       .module(NoteEditing.self), .module(Login.self)],
            builder: NoteListBuilder())
        registrar.registerModule(
            NoteEditing.self,
            requires: [.service(NoteStore.self), .service(Session.self), .module(Login.self)],
            builder: NoteEditorBuilder())
    }
}
