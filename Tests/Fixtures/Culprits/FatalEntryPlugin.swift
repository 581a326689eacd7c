// A plugin that stops the process from register(in:) with a message of its own: the
// scanner's report must show that message with the signal.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: FatalEntryPlugin.self)
}

enum FatalEntryPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-fatal", version: "1.0.0", summary: "stops in register(in:)")

    static func register(in registrar: any Registrar) throws {
        fatalError("fixture-fatal needs VIPER_FIXTURE_CONFIG")
    }
}
