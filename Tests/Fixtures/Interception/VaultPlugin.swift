// An interception fixture compiled by the tests (InterceptionTests): plugin
// fixture-vault serves three routes and a sign-in route, and intercepts nothing.
// GatePlugin.swift intercepts its contracts. Compact on purpose: a fixture.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: VaultPlugin.self)
}

final class VaultView: ModuleView, NoteListing, TodoListing, ArticleListing, Login {
    let name: String
    weak var output: (any LoginOutput)?
    var reason = ""
    init(name: String) { self.name = name }
    var title: String { name }
    func render(on screen: any Screen) { screen.text("\(name) of fixture-vault") }
    func reloadNotes() {}
    func reloadItems() {}
    func useSource(_ url: String) {}
}

final class VaultBuilder: ModuleBuilder {
    let name: String
    init(_ name: String) { self.name = name }
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = VaultView(name: name)
        return BuiltModule(view: view, input: view)
    }
}

enum VaultPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-vault", version: "1.0.0", summary: "Interception fixture: routes to guard")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(NoteListing.self, route: RouteSpec("secrets", summary: "Guarded: redirects to signin"), builder: VaultBuilder("Secrets"))
        registrar.registerModule(TodoListing.self, route: RouteSpec("locked", summary: "Guarded: refused"), builder: VaultBuilder("Locked"))
        registrar.registerModule(ArticleListing.self, route: RouteSpec("open-door", summary: "Not guarded"), builder: VaultBuilder("Open door"))
        registrar.registerModule(Login.self, route: RouteSpec("signin", summary: "Sign in"), builder: VaultBuilder("Sign in"))
    }
}
