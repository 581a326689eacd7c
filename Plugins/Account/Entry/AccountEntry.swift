// The entry target of the Account plugin (Package.swift, `plugin(_:)`): what every plugin exports
// under the same names, kept apart from the feature target AccountPlugin so that its tests link
// AccountPlugin without these symbols. Nothing else belongs here.
import Contracts
import AccountPlugin

/// The Contracts ABI this plugin is built for, as one record ("VIPR", major, minor) in its
/// `.viper_abi` section: viper reads it from the file before any of the plugin's code runs.
/// Keep the numbers equal to the Contracts it is built against (`viper check` compares them).
@used @section(".viper_abi")
let viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, 1, 5)

/// The Contracts ABI this plugin was compiled against, for viper releases that predate the
/// `.viper_abi` section.
@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 {
    ContractsVersion.compiledPacked
}

/// The plugin's entry point: registers the session, the sign-in module and the status line.
@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: AccountPlugin.self)
}
