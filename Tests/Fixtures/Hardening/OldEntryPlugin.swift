// A plugin as built against Contracts 1.0: it reports ABI 1.0 and enters through
// the 1.0 entry, PluginEntry.run(_:plugin:), which does not tell the host its compiler.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion(major: 1, minor: 0).packed }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    // The function's type picks the two-argument 1.0 entry, as old plugins call it.
    let entry: (UnsafeMutableRawPointer?, any Plugin.Type) -> Int32 = PluginEntry.run
    return entry(host, OldEntryPlugin.self)
}

enum OldEntryPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-old-entry", version: "0.1.0", summary: "Built against Contracts 1.0")

    static func register(in registrar: any Registrar) throws {}
}
