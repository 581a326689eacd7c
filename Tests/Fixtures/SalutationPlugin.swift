// Provides Salutation, which an adapter plugin turns into the Greeting a consumer requires.
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: SalutationPlugin.self)
}

final class FormalSalutation: Salutation {
    let words = "Good day"
}

enum SalutationPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-salutation", version: "0.1.0", summary: "Provides Salutation")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(Salutation.self) { _ in FormalSalutation() }
    }
}
