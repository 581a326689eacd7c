// Provides the only module of the adapter shapes: a Panel, with its own route. Every
// other module contract of the shapes reaches it through adapters (see FixtureContracts).
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: PanelPlugin.self)
}

final class PanelBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = PanelView()
        return BuiltModule(view: view, input: view)
    }
}

final class PanelView: ModuleView, Panel {
    let caption = "Panel from fixture-panel"
    var title: String { "Panel" }
    func render(on screen: any Screen) { screen.text(caption) }
}

enum PanelPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-panel", version: "0.1.0", summary: "Provides the Panel module")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(Panel.self, route: RouteSpec("panel", summary: "A panel"), builder: PanelBuilder())
    }
}
