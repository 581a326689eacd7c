// Uses the FixtureWelcome contracts without knowing who provides them: resolves the
// WelcomeText service and routes to the WelcomeScreen module, both across the boundary.
import Contracts
import FixtureWelcome

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: WelcomeConsumerPlugin.self)
}

/// The lobby's input.
public protocol LobbyInput: AnyObject {}

final class LobbyView: ModuleView, LobbyInput {
    private let text: any WelcomeText
    private let router: any Router

    init(text: any WelcomeText, router: any Router) {
        self.text = text
        self.router = router
    }

    var title: String { "Lobby" }
    var commands: [CommandSpec] { [CommandSpec("visit", help: "Open the provider's welcome screen")] }

    func render(on screen: any Screen) {
        screen.heading("Consumer's lobby")
        screen.text("resolved: " + text.welcome("lobby"))
    }

    func perform(_ command: CommandInvocation) throws {
        guard command.name == "visit" else { throw CommandError("'\(command.name)' is not a command of Lobby") }
        try router.push(WelcomeScreen.self) { $0.guest = "a guest of the lobby" }
    }
}

final class LobbyBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = LobbyView(text: try context.resolver.resolve(WelcomeText.self), router: context.router)
        return BuiltModule(view: view, input: view)
    }
}

enum WelcomeConsumerPlugin: Plugin {
    static let manifest = PluginManifest(name: "welcome-consumer", version: "1.0.0", summary: "Uses FixtureWelcome's contracts")
    static let contractLibraries = [FixtureWelcomeLibrary.compiled]

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(LobbyInput.self, route: RouteSpec("lobby", summary: "The consumer's lobby"),
                                 requires: [.service(WelcomeText.self), .module(WelcomeScreen.self)], builder: LobbyBuilder())
    }
}
