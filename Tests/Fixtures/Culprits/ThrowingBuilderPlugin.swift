// A module whose builder throws an error of its own type: the shell's error must name
// the plugin and the module, not only the message.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ThrowingBuilderPlugin.self)
}

public protocol ThrowingScreen: AnyObject {}

struct DiskGone: Error, CustomStringConvertible {
    var description: String { "the disk went away" }
}

final class ThrowingBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        throw DiskGone()
    }
}

enum ThrowingBuilderPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-throwing-builder", version: "1.0.0", summary: "a builder that throws")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(ThrowingScreen.self, route: RouteSpec("throwing", summary: "never opens"),
                                 builder: ThrowingBuilder())
    }
}
