// A module that requires a Greeting service, whoever provides it (directly or through an adapter).
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ConsumerPlugin.self)
}

/// The module's input.
public protocol GreetingScreen: AnyObject {}

final class GreetingBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        // It asks for its service first, as a real module would, so a missing provider is what fails.
        _ = try context.resolver.resolve(Greeting.self)
        throw CommandError("the fixture module is never opened")
    }
}

enum ConsumerPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-consumer", version: "0.1.0", summary: "Needs a Greeting")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(GreetingScreen.self, route: RouteSpec("greeting", summary: "Shows a greeting"),
                                 requires: [.service(Greeting.self)], builder: GreetingBuilder())
    }
}
