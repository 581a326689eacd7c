// Provides FixtureWelcome's WelcomeScreen module, which requires the WelcomeText service, but
// forgets to register WelcomeText: a contract of its own library that nothing else provides.
import Contracts
import FixtureWelcome

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ForgetfulProviderPlugin.self)
}

final class ForgetfulView: ModuleView, WelcomeScreen {
    var guest = "nobody"
    private let text: any WelcomeText

    init(text: any WelcomeText) {
        self.text = text
    }

    var title: String { "Welcome" }

    func render(on screen: any Screen) {
        screen.text(text.welcome(guest))
    }
}

final class ForgetfulBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = ForgetfulView(text: try context.resolver.resolve(WelcomeText.self))
        return BuiltModule(view: view, input: view)
    }
}

enum ForgetfulProviderPlugin: Plugin {
    static let manifest = PluginManifest(name: "forgetful-provider", version: "1.0.0", summary: "Forgets to register WelcomeText")
    static let contractLibraries = [FixtureWelcomeLibrary.compiled]

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(WelcomeScreen.self, route: RouteSpec("forgetful", summary: "A welcome without its text"),
                                 requires: [.service(WelcomeText.self)], builder: ForgetfulBuilder())
    }
}
