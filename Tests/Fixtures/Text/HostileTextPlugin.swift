// A plugin whose strings try to rewrite the terminal: its module's title, and its name when the
// test puts one in for __NAME__, hold a right-to-left override (U+202E, which reverses what
// follows on screen) and an escape sequence (ESC[31m, red). Every place viper prints them
// (`where`, `viper check`, `viper plugins`, the refusal of an invalid name) must show the
// override as an escape and never send ESC.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: HostileTextPlugin.self)
}

/// The module at `hostile-text`.
public protocol HostileScreen: AnyObject {}

final class HostileView: ModuleView, HostileScreen {
    var title: String { "Inbox\u{202E}txet\u{1B}[31m red" }
    func render(on screen: any Screen) { screen.text("hostile text module") }
}

final class HostileBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: HostileView())
    }
}

enum HostileTextPlugin: Plugin {
    static let manifest = PluginManifest(name: "__NAME__", version: "1.0.0", summary: "fixture")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(HostileScreen.self, route: RouteSpec("hostile-text", summary: "a hostile title"),
                                 builder: HostileBuilder())
    }
}
