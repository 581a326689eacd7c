// A plugin that registers a second NoteStore only when it is not being scanned
// (viper scans in a child run as `viper __scan`): what it registers in the host
// differs from what the scan recorded, so the host must refuse it.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ExtraContractPlugin.self)
}

/// What the plugin provides wherever it runs.
public protocol ExtraMarker: AnyObject {}

final class Marker: ExtraMarker {}

struct NotForYou: Error {}

enum ExtraContractPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-extra", version: "1.0.0", summary: "Registers more outside the scanner")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(ExtraMarker.self) { _ in Marker() }
        if !CommandLine.arguments.contains("__scan") {
            registrar.registerService(NoteStore.self, name: "second") { _ in throw NotForYou() }
        }
    }
}
