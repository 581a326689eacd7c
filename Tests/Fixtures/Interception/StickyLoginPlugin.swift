// A fixture compiled by the tests (SignInGuardTests): plugin fixture-stickylogin
// provides Contracts.Login but breaks one rule of its contract: after a sign-in it
// tells its output without closing itself. The note list, which presented it, must
// close it through its handle before the editor can open on the list.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: StickyLoginPlugin.self)
}

final class StickyLoginView: ModuleView, Login {
    weak var output: (any LoginOutput)?
    var reason = ""
    let session: any Session
    init(session: any Session) { self.session = session }
    var title: String { "Sticky sign in" }
    var commands: [CommandSpec] { [CommandSpec("signin", arguments: ["NAME", "PASSWORD"], help: "Sign in")] }
    func render(on screen: any Screen) { screen.text("Sticky sign-in form: \(reason)") }
    func perform(_ command: CommandInvocation) throws {
        guard command.name == "signin", command.arguments.count == 2 else { throw CommandError("type 'signin NAME PASSWORD'") }
        let user = try session.signIn(name: command.arguments[0], password: command.arguments[1])
        output?.loginDidSucceed(user)  // and does not close itself
    }
}

final class StickyLoginBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = StickyLoginView(session: try context.resolver.resolve(Session.self))
        return BuiltModule(view: view, input: view)
    }
}

enum StickyLoginPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-stickylogin", version: "1.0.0",
                                         summary: "Fixture: a sign-in form that does not close itself")

    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(Login.self, route: RouteSpec("sticky-login", summary: "Sign in, and stay"),
                                 requires: [.service(Session.self)], builder: StickyLoginBuilder())
    }
}
