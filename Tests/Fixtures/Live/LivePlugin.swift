// A live-reload fixture compiled by the tests (LiveReloadTests) in several versions from this
// one source: the tests replace VERSION_TEXT (what the module draws) and VERSION_SERVICE (what
// its process-scoped service says). Every version defines the same Swift types, the same
// @_cdecl symbols and a contract protocol of its own (LiveCounter), as a rebuilt plugin does.
// A test adds what one version provides or requires at the two EXTRA markers below.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: LivePlugin.self)
}

/// A contract declared inside the plugin: every version of the image has its own type identity for it.
public protocol LiveCounter: AnyObject {
    var said: String { get }
}

public protocol LiveScreen: AnyObject {}

final class Counter: LiveCounter {
    let said = "VERSION_SERVICE"
}

enum LivePlugin: Plugin {
    static let manifest = PluginManifest(name: "PLUGIN_NAME", version: "1.0.0", summary: "Live-reload fixture")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(LiveCounter.self, scope: .process) { _ in Counter() }
        registrar.registerModule(LiveScreen.self, route: RouteSpec("ROUTE", summary: "Draws which version built it"),
                                 builder: LiveBuilder())
        // EXTRA_REGISTRATIONS
    }
}

final class LiveBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        BuiltModule(view: LiveView(counter: try context.resolver.resolve(LiveCounter.self), resolver: context.resolver))
    }
}

final class LiveView: ModuleView, LiveScreen {
    let counter: any LiveCounter
    let resolver: any Resolver
    /// What `ask` found: the LiveCounter this version's code resolves now (its own type identity).
    var asked: String?
    init(counter: any LiveCounter, resolver: any Resolver) {
        self.counter = counter
        self.resolver = resolver
    }

    var title: String { "Live" }
    var commands: [CommandSpec] { [CommandSpec("ask", help: "Resolve the counter again")] }

    func render(on screen: any Screen) {
        screen.text("VERSION_TEXT drawn; service says \(counter.said)")
        if let asked { screen.text("asked: \(asked)") }
    }

    func perform(_ command: CommandInvocation) throws {
        guard command.name == "ask" else { throw CommandError("'\(command.name)' is not a command of Live") }
        do {
            asked = try resolver.resolve(LiveCounter.self).said
        } catch {
            asked = "\(error)"
        }
    }
}

// EXTRA_TYPES
