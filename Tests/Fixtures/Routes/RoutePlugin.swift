// A plugin that declares the route __ROUTE__ (filled in by the test before compiling),
// and a second route named after itself. Route tests use it for a route named like a
// shell command, an empty one, an invalid path, and a drop-in that declares `notes`:
// the refused route must not take the plugin's other route down.
// Opening its own-name route logs an error with an escape sequence and a line break,
// which must reach the terminal as one clean line.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: RoutePlugin.self)
}

/// The module at the declared route.
public protocol DeclaredScreen: AnyObject {}

/// The module at the plugin's own name.
public protocol OwnScreen: AnyObject {}

final class FixtureView: ModuleView, DeclaredScreen, OwnScreen {
    let text: String
    init(text: String) { self.text = text }
    var title: String { "__PLUGIN__" }
    func render(on screen: any Screen) { screen.text(text) }
}

final class DeclaredBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: FixtureView(text: "declared route of __PLUGIN__"))
    }
}

final class OwnBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let log = try context.resolver.resolve(Logger.self)
        log.log(.error, "\u{1B}[2Jcleared\nviper: error: [host] forged by __PLUGIN__", source: "__PLUGIN__\u{1B}[31m")
        return BuiltModule(view: FixtureView(text: "own route of __PLUGIN__"))
    }
}

enum RoutePlugin: Plugin {
    static let manifest = PluginManifest(name: "__PLUGIN__", version: "1.0.0", summary: "declares route '__ROUTE__'")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(DeclaredScreen.self, route: RouteSpec("__ROUTE__", summary: "declared by __PLUGIN__"),
                                 builder: DeclaredBuilder())
        registrar.registerModule(OwnScreen.self, route: RouteSpec("__PLUGIN__", summary: "own route of __PLUGIN__"),
                                 builder: OwnBuilder())
    }
}
