// The consumer of the adapter shapes. Its routes embed or resolve contracts that only
// adapters serve; it registers two adapters itself (application glue, as with ZIKRouter):
// Banner from Panel (a module adapter) and Welcome from Greeting (a service adapter).
// Poster comes from Banner in fixture-glue, Greeting from Salutation in fixture-adapter.
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ShapesPlugin.self)
}

/// The input of the consumer's modules.
public protocol ShapeScreen: AnyObject {}

final class PanelBanner: Banner {
    let headline: String
    init(_ panel: any Panel) { headline = "Banner of " + panel.caption }
}

final class GreetingWelcome: Welcome {
    let message: String
    init(_ greeting: any Greeting) { message = "Welcome: " + greeting.text }
}

/// Embeds a module by contract and shows what its input says, adapted.
final class EmbeddingBuilder<Input>: ModuleBuilder {
    let contract: Input.Type
    let describe: (Input) -> String

    init(_ contract: Input.Type, describe: @escaping (Input) -> String) {
        self.contract = contract
        self.describe = describe
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        var line = ""
        let child = try context.router.embed(contract) { line = self.describe($0) }
        let view = ShapeView(lines: [line], child: child)
        return BuiltModule(view: view, input: view)
    }
}

/// Resolves a service by contract and shows what it says, adapted.
final class ResolvingBuilder<Service>: ModuleBuilder {
    let contract: Service.Type
    let describe: (Service) -> String

    init(_ contract: Service.Type, describe: @escaping (Service) -> String) {
        self.contract = contract
        self.describe = describe
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = ShapeView(lines: [describe(try context.resolver.resolve(contract))], child: nil)
        return BuiltModule(view: view, input: view)
    }
}

final class ShapeView: ModuleView, ShapeScreen {
    let lines: [String]
    let child: (any ModuleView)?

    init(lines: [String], child: (any ModuleView)?) {
        self.lines = lines
        self.child = child
    }

    var title: String { "Shape" }

    func render(on screen: any Screen) {
        for line in lines { screen.text(line) }
        if let child { screen.embed(child) }
    }
}

enum ShapesPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-shapes", version: "0.1.0", summary: "Routes to contracts only adapters serve")

    static func register(in registrar: any Registrar) throws {
        registrar.registerAdapter(Banner.self, from: Panel.self) { PanelBanner($0) }
        registrar.registerAdapter(Welcome.self, from: Greeting.self) { GreetingWelcome($0) }
        registrar.registerModule(ShapeScreen.self, name: "banner", route: RouteSpec("banner", summary: "A Banner, adapted from a Panel"),
                                 requires: [.module(Banner.self)], builder: EmbeddingBuilder(Banner.self) { $0.headline })
        registrar.registerModule(ShapeScreen.self, name: "poster", route: RouteSpec("poster", summary: "A Poster, adapted from a Banner"),
                                 requires: [.module(Poster.self)], builder: EmbeddingBuilder(Poster.self) { $0.slogan })
        registrar.registerModule(ShapeScreen.self, name: "greeting", route: RouteSpec("greeting", summary: "A Greeting, adapted from a Salutation"),
                                 requires: [.service(Greeting.self)], builder: ResolvingBuilder(Greeting.self) { $0.text })
        registrar.registerModule(ShapeScreen.self, name: "welcome", route: RouteSpec("welcome", summary: "A Welcome, adapted from a Greeting"),
                                 requires: [.service(Welcome.self)], builder: ResolvingBuilder(Welcome.self) { $0.message })
    }
}
