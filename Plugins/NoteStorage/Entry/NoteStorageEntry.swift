// The entry target of the NoteStorage plugin (Package.swift, `plugin(_:)`): what every plugin exports
// under the same names, kept apart from the feature target NoteStoragePlugin so that its tests link
// NoteStoragePlugin without these symbols. Nothing else belongs here. Its `.viper_abi` record is
// Plugins/ABIRecord.swift, linked into every entry target as ABIRecord.swift.
import Contracts
import NoteStoragePlugin

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
