// A module whose view declares a command named `open`, which the shell keeps for itself
// (and `list`, which is fine): `viper check` must say the shell never runs it. The
// builder returns `BuiltModule(view:)`, the view as its input, which the documentation
// allows: the wiring check must pass.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ReservedCommandPlugin.self)
}

public protocol ReservedScreen: AnyObject {}

final class ReservedView: ModuleView, ReservedScreen {
    var title: String { "Reserved" }
    var commands: [CommandSpec] {
        [CommandSpec("open", arguments: ["NAME"], help: "Open a thing"), CommandSpec("list", help: "List the things")]
    }
    func render(on screen: any Screen) { screen.empty("Nothing yet; type 'list'") }
    func perform(_ command: CommandInvocation) throws {}
}

final class ReservedBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: ReservedView())
    }
}

enum ReservedCommandPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-reserved", version: "1.0.0", summary: "declares a command named open")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(ReservedScreen.self, route: RouteSpec("reserved", summary: "a module with an 'open' command"),
                                 builder: ReservedBuilder())
    }
}
