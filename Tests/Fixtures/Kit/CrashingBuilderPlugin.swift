// Crashes in its builder (a trap): `viper check` must survive it and name the
// check that was running.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: CrashingPlugin.self)
}

public protocol CrashingInput: AnyObject {}

final class CrashingBuilder: ModuleBuilder {
    var items: [Int] = []

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        _ = items[3]  // out of range: traps
        throw CommandError("unreachable")
    }
}

enum CrashingPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-crashing", version: "1.0.0", summary: "traps in its builder")
    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(CrashingInput.self, route: RouteSpec("crashing", summary: "Crashing"), builder: CrashingBuilder())
    }
}
