// A plugin that reports the Contracts ABI the test asks for (the test replaces
// __MAJOR__ and __MINOR__), so the version gate can be tried both ways.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion(major: __MAJOR__, minor: __MINOR__).packed }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: VersionedPlugin.self)
}

enum VersionedPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-contracts-__MAJOR__-__MINOR__", version: "0.1.0",
                                         summary: "Built for Contracts __MAJOR__.__MINOR__")

    static func register(in registrar: any Registrar) throws {}
}
