// Compiled together with Contracts' own sources into one module named Contracts,
// so the plugin defines every Contracts protocol descriptor itself: the mistake
// of building Contracts into the plugin instead of linking libContracts.so.
// If the host ever loaded it, the marker file named by VIPER_FIXTURE_MARKER would appear.
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 {
    if let marker = ProcessInfo.processInfo.environment["VIPER_FIXTURE_MARKER"] {
        FileManager.default.createFile(atPath: marker, contents: Data("loaded".utf8))
    }
    return ContractsVersion.compiledPacked
}

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: OwnContractsPlugin.self)
}

enum OwnContractsPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-own-contracts", version: "0.1.0", summary: "Carries its own Contracts")

    static func register(in registrar: any Registrar) throws {}
}
