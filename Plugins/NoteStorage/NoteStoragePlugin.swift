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

/// The plugin's entry point: registers the note store.
@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: NoteStoragePlugin.self)
}

/// A service plugin: keeps notes in `notes.sqlite` in the data folder, through the
/// host's database service. It has no modules; the Notes plugin shows the notes.
enum NoteStoragePlugin: Plugin {
    static let manifest = PluginManifest(name: "note-storage", version: "1.0.0",
                                         summary: "Keeps notes in notes.sqlite (provides NoteStore)")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(NoteStore.self, requires: [.service(DatabaseOpening.self), .service(Clock.self)]) { resolver in
            SQLiteNoteStore(databases: try resolver.resolve(DatabaseOpening.self),
                            clock: try resolver.resolve(Clock.self))
        }
    }
}
