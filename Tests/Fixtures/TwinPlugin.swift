// Compiled twice under two module names: two files that claim the same plugin name.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: TwinPlugin.self)
}

public protocol TwinMarker: AnyObject {}

final class Marker: TwinMarker {}

enum TwinPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-twin", version: "0.1.0", summary: "Shares its name with its twin")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(TwinMarker.self) { _ in Marker() }
    }
}
