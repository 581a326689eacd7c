import Contracts

/// The Contracts ABI this plugin is built for, as one record ("VIPR", major, minor) in its
/// `.viper_abi` section: viper reads it from the file before any of the plugin's code runs.
/// Keep the numbers equal to the Contracts it is built against (`viper check` compares them).
@used @section(".viper_abi")
let viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, 1, 3)

/// The Contracts ABI this plugin was compiled against, for viper releases that predate the
/// `.viper_abi` section.
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
            NoteOpening.self,
            route: RouteSpec("notes/:id", summary: "Edit note ID (signs you in first if needed)"),
            requires: [.service(NoteStore.self), .service(Session.self), .service(Logger.self), .service(Clock.self),
                       .module(NoteEditing.self), .module(Login.self)],
            builder: NoteListBuilder())
        registrar.registerModule(
            NoteEditing.self,
            requires: [.service(NoteStore.self)],
            builder: NoteEditorBuilder())
    }
}
