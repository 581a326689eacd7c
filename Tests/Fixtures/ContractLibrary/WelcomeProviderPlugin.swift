// Provides the FixtureWelcome contracts: a WelcomeText service and a WelcomeScreen module.
// Built separately from the consumer, against libFixtureWelcome.so alone.
import Contracts
import FixtureWelcome

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: WelcomeProviderPlugin.self)
}

final class PoliteWelcome: WelcomeText, WelcomeNote {
    func welcome(_ guest: String) -> String { "Welcome, \(guest), from the provider" }
}

final class WelcomeView: ModuleView, WelcomeScreen {
    var guest = "nobody"
    private let text: any WelcomeText

    init(text: any WelcomeText) {
        self.text = text
    }

    var title: String { "Welcome" }

    func render(on screen: any Screen) {
        screen.heading("Provider's welcome screen")
        screen.text(text.welcome(guest))
    }
}

final class WelcomeBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = WelcomeView(text: try context.resolver.resolve(WelcomeText.self))
        return BuiltModule(view: view, input: view)
    }
}

enum WelcomeProviderPlugin: Plugin {
    static let manifest = PluginManifest(name: "welcome-provider", version: "1.0.0", summary: "Provides FixtureWelcome's contracts")
    static let contractLibraries = [FixtureWelcomeLibrary.compiled]

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(WelcomeText.self) { _ in PoliteWelcome() }
        registrar.registerModule(WelcomeScreen.self, route: RouteSpec("welcome", summary: "The provider's welcome"),
                                 requires: [.service(WelcomeText.self)], builder: WelcomeBuilder())
    }
}
