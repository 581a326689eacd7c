// A plugin that registers the same service twice inside its one entry point.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: DuplicateRegistrationPlugin.self)
}

public protocol Twice: AnyObject {}

final class Once: Twice {}

enum DuplicateRegistrationPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-twice", version: "0.1.0", summary: "Registers one contract twice")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(Twice.self) { _ in Once() }
        registrar.registerService(Twice.self) { _ in Once() }
    }
}
