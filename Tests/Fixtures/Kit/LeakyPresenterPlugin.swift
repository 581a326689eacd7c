// Breaks the release promise: the presenter holds its view strongly, so the
// module is never released after removal. `viper check` must name
// released-after-removal.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: LeakyPlugin.self)
}

public protocol LeakyInput: AnyObject {}

final class LeakyPresenter: LeakyInput {
    var view: LeakyView?  // should be weak
}

final class LeakyView: ModuleView {
    let presenter: LeakyPresenter
    init(presenter: LeakyPresenter) { self.presenter = presenter }
    var title: String { "Leaky" }
    func render(on screen: any Screen) { screen.empty("Nothing yet") }
}

final class LeakyBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let presenter = LeakyPresenter()
        let view = LeakyView(presenter: presenter)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter])
    }
}

enum LeakyPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-leaky", version: "1.0.0", summary: "leaks its presenter")
    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(LeakyInput.self, route: RouteSpec("leaky", summary: "Leaky"), builder: LeakyBuilder())
    }
}
