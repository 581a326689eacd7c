import Contracts

/// The Contracts ABI this plugin was compiled against (read by the host before anything else).
@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 {
    ContractsVersion.compiledPacked
}

/// The plugin's entry point: registers the note list and the note editor.
@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: NotesPlugin.self)
}

/// Notes, as in ZIKViper's demo: a list and an editor. Storage comes from whichever
/// plugin provides ``NoteStore``; signing in from whichever provides ``Login`` and
/// ``Session``. The account status line is embedded when a plugin provides it.
enum NotesPlugin: Plugin {
    static let manifest = PluginManifest(name: "notes", version: "1.0.0",
                                         summary: "Notes: a list and an editor; editing needs sign-in")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(
            NoteListing.self,
            route: RouteSpec("notes", summary: "Your notes: write, find, edit and delete them"),
            requires: [.service(NoteStore.self), .service(Session.self), .service(Logger.self), .service(Clock.self),
                       .module(NoteEditing.self), .module(Login.self)],
            builder: NoteListBuilder())
        registrar.registerModule(
            NoteEditing.self,
            requires: [.service(NoteStore.self)],
            builder: NoteEditorBuilder())
    }
}
