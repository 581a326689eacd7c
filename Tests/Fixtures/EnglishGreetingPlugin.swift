// One of two plugins that provide Greeting: a duplicate unless the user chooses.
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: EnglishGreetingPlugin.self)
}

final class EnglishGreeting: Greeting {
    let text = "Hello"
}

enum EnglishGreetingPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-english", version: "0.1.0", summary: "Greets in English")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(Greeting.self) { _ in EnglishGreeting() }
    }
}
