// Two services whose factories need each other: they can never be built.
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: CyclePlugin.self)
}

final class TheEgg: Egg {
    init(_ chicken: any Chicken) {}
}

final class TheChicken: Chicken {
    init(_ egg: any Egg) {}
}

enum CyclePlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-cycle", version: "0.1.0", summary: "Egg needs Chicken needs Egg")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(Egg.self, requires: [.service(Chicken.self)]) { try TheEgg($0.resolve(Chicken.self)) }
        registrar.registerService(Chicken.self, requires: [.service(Egg.self)]) { try TheChicken($0.resolve(Egg.self)) }
    }
}
