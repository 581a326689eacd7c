// Application glue (ZIKRouter's adapter): serves Greeting from whatever provides Salutation.
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: AdapterPlugin.self)
}

final class SalutationGreeting: Greeting {
    let text: String
    init(_ salutation: any Salutation) { text = salutation.words }
}

enum AdapterPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-adapter", version: "0.1.0", summary: "Greeting from Salutation")

    static func register(in registrar: any Registrar) throws {
        registrar.registerAdapter(Greeting.self, from: Salutation.self) { SalutationGreeting($0) }
    }
}
