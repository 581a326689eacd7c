// Breaks the fresh-instance promise: the builder hands out the module it built
// first on every later build. `viper check` must name fresh-instance.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: SharedPlugin.self)
}

public protocol SharedInput: AnyObject {}

final class SharedPresenter: SharedInput {
    weak var view: SharedView?
}

final class SharedView: ModuleView {
    let presenter: SharedPresenter
    init(presenter: SharedPresenter) { self.presenter = presenter }
    var title: String { "Shared" }
    func render(on screen: any Screen) { screen.empty("Nothing yet") }
}

final class SharedBuilder: ModuleBuilder {
    private var cached: BuiltModule?

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        if let cached { return cached }
        let presenter = SharedPresenter()
        let view = SharedView(presenter: presenter)
        presenter.view = view
        let module = BuiltModule(view: view, input: presenter, parts: [presenter])
        cached = module
        return module
    }
}

enum SharedPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-shared", version: "1.0.0", summary: "builds one instance twice")
    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(SharedInput.self, route: RouteSpec("shared", summary: "Shared"), builder: SharedBuilder())
    }
}
