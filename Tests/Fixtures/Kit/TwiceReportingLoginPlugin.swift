// Breaks the Login contract: on 'cancel' it tells its output twice.
// `viper check` must name cancel-closes-then-reports-once.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: TwiceReportingLoginPlugin.self)
}

final class TwiceLoginPresenter: Login {
    weak var output: (any LoginOutput)?
    var reason = ""
    private let session: any Session
    private let router: any Router
    private var error: String?

    init(session: any Session, router: any Router) {
        self.session = session
        self.router = router
    }

    func render(on screen: any Screen) {
        if !reason.isEmpty { screen.heading(reason) }
        if let error { screen.error(error) } else { screen.text("Type 'signin NAME PASSWORD' or 'cancel'.") }
    }

    func perform(_ command: CommandInvocation) throws {
        let output = self.output
        if command.name == "cancel" {
            router.close()
            output?.loginDidCancel()
            output?.loginDidCancel()
            return
        }
        guard command.arguments.count == 2 else { throw CommandError("signin needs a name and a password") }
        do {
            let user = try session.signIn(name: command.arguments[0], password: command.arguments[1])
            router.close()
            output?.loginDidSucceed(user)
        } catch {
            self.error = "Sign-in refused: \(error)"
        }
    }
}

final class TwiceLoginView: ModuleView {
    let presenter: TwiceLoginPresenter
    init(presenter: TwiceLoginPresenter) { self.presenter = presenter }
    var title: String { "Sign in" }
    var commands: [CommandSpec] {
        [CommandSpec("signin", arguments: ["NAME", "PASSWORD"], help: "Sign in"), CommandSpec("cancel", help: "Close")]
    }
    func render(on screen: any Screen) { presenter.render(on: screen) }
    func perform(_ command: CommandInvocation) throws { try presenter.perform(command) }
}

final class TwiceLoginBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let presenter = TwiceLoginPresenter(session: try context.resolver.resolve(Session.self), router: context.router)
        return BuiltModule(view: TwiceLoginView(presenter: presenter), input: presenter, parts: [presenter])
    }
}

enum TwiceReportingLoginPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-twice-login", version: "1.0.0", summary: "reports cancel twice")
    static func register(in registrar: any Registrar) throws {
        registrar.registerModule(Login.self, requires: [.service(Session.self)], builder: TwiceLoginBuilder())
    }
}
