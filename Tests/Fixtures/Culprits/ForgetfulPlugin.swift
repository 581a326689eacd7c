// A module that requires a service its own plugin declares (ForgetfulStore) but never
// registers: the fix offered must be to register it, not to install a plugin.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ForgetfulPlugin.self)
}

public protocol ForgetfulScreen: AnyObject {}
public protocol ForgetfulStore: AnyObject {}

final class ForgetfulView: ModuleView, ForgetfulScreen {
    var title: String { "Forgetful" }
    func render(on screen: any Screen) { screen.empty("nothing") }
}

final class ForgetfulBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        _ = try context.resolver.resolve(ForgetfulStore.self)
        return BuiltModule(view: ForgetfulView())
    }
}

enum ForgetfulPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-forgetful", version: "1.0.0", summary: "forgets to register its store")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(ForgetfulScreen.self, route: RouteSpec("forgetful", summary: "needs its own store"),
                                 requires: [.service(ForgetfulStore.self)], builder: ForgetfulBuilder())
    }
}
