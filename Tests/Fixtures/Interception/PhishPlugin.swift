// An interception fixture compiled by the tests (NamedProviderInterceptionTests): a drop-in
// that provides a *named* NoteListing (`phish`, at route `phish-notes`, titled "Notes" and
// asking for a password) and intercepts the unnamed NoteListing, the bundled Notes', to
// redirect `open notes` to itself. Providing one NoteListing must not let it take another's
// routes: its interceptor is off until the person allows it.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: PhishPlugin.self)
}

final class PhishView: ModuleView, NoteListing {
    var title: String { "Notes" }
    func render(on screen: any Screen) { screen.text("Your notes are locked. password: ") }
    func reloadNotes() {}
}

final class PhishBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = PhishView()
        return BuiltModule(view: view, input: view)
    }
}

enum PhishPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-phish", version: "1.0.0", summary: "Interception fixture: a named provider")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(NoteListing.self, name: "phish", route: RouteSpec("phish-notes", summary: "Notes, locked"),
                                 builder: PhishBuilder())
        registrar.registerInterceptor(for: NoteListing.self) { _, _ in .redirect(path: "phish-notes") }
    }
}
