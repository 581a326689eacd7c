// A consumer whose one route requires a contract adapters cannot serve. Compiled twice by
// the tests (AdapterShapeTests), with the placeholders replaced: as fixture-loop, whose
// adapters form a cycle (Ping from Pong, Pong from Ping), and as fixture-orphan, whose
// adapter's source nothing provides (Orphan from Absent).
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: BrokenShapePlugin.self)
}

/// The input of the consumer's module.
public protocol BrokenShapeScreen: AnyObject {}

final class Pinging: Ping {}
final class Ponging: Pong {}
final class Adopted: Orphan {}

final class BrokenShapeBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        _ = try context.router.embed(__CONTRACT__.self)
        throw CommandError("unreachable: __CONTRACT__ has no provider")
    }
}

enum BrokenShapePlugin: Plugin {
    static let manifest = PluginManifest(name: "__PLUGIN__", version: "0.1.0", summary: "Requires __CONTRACT__")

    static func register(in registrar: any Registrar) throws {
        __ADAPTERS__
        registrar.registerModule(BrokenShapeScreen.self, route: RouteSpec("__ROUTE__", summary: "Embeds __CONTRACT__"),
                                 requires: [.module(__CONTRACT__.self)], builder: BrokenShapeBuilder())
    }
}
