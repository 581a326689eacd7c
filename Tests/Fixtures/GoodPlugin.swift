// A well-behaved plugin: the control group of the broken-plugin corpus.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: GoodPlugin.self)
}

/// What the plugin provides.
public protocol GoodMarker: AnyObject {
    var label: String { get }
}

final class Marker: GoodMarker {
    let label = "good"
}

enum GoodPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-good", version: "1.2.3", summary: "A fixture that loads")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(GoodMarker.self, requires: [.service(Logger.self)]) { _ in Marker() }
    }
}
