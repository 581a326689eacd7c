// A module-only plugin (so it runs isolated in the user plugin folder) whose module routes to
// another plugin's: `add NAME` pushes the bundled to-do plugin's TodoAdding with the name
// prefilled (input passed to another plugin's module), `hold` routes to it with
// Router.perform and keeps the handle. Isolated, viper refuses both with a line that says how
// to run the plugin in viper's process; in process both work.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: HopperPlugin.self)
}

public protocol HopperInput: AnyObject {}

final class HopperView: ModuleView, HopperInput {
    private let router: any Router
    private var held: (any RoutedModule)?

    init(router: any Router) { self.router = router }

    var title: String { "Hopper" }

    var commands: [CommandSpec] {
        [
            CommandSpec("add", arguments: ["NAME"], help: "Open the to-do adder with NAME filled in"),
            CommandSpec("hold", help: "Open the to-do adder and keep a handle to it"),
        ]
    }

    func render(on screen: any Screen) {
        screen.heading("Hopper")
        screen.text(held.map { "holding the adder (on screen: \($0.isOnScreen))" } ?? "holding nothing")
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "add":
            let name = command.arguments[0]
            try router.push(TodoAdding.self) { $0.prefill(name: name) }
        case "hold":
            held = try router.perform(RouteRequest(TodoAdding.self))
        default:
            throw CommandError("'\(command.name)' is not a command of Hopper")
        }
    }
}

final class HopperBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: HopperView(router: context.router))
    }
}

enum HopperPlugin: Plugin {
    static let manifest = PluginManifest(name: "hopper", version: "1.0.0", summary: "Routes to the to-do plugin's adder")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(
            HopperInput.self, route: RouteSpec("hopper", summary: "Routes to another plugin's module"),
            requires: [.module(TodoAdding.self)], builder: HopperBuilder())
    }
}
