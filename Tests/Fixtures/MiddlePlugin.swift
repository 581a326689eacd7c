// Provides Greeting but needs a contract nobody provides: disabled, and so is whoever needs it.
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: MiddlePlugin.self)
}

final class MiddleGreeting: Greeting {
    let text = "middle"
}

enum MiddlePlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-middle", version: "0.1.0", summary: "Needs Fixtures.Nowhere")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(Greeting.self,
                                  requires: [Requirement(kind: .service, contract: ContractID("Fixtures.Nowhere"))]) { _ in
            MiddleGreeting()
        }
    }
}
