import Contracts

/// The Contracts ABI this plugin is built for, as one record ("VIPR", major, minor) in its
/// `.viper_abi` section: viper reads it from the file before any of the plugin's code runs.
/// Keep the numbers equal to the Contracts it is built against (`viper check` compares them).
@used @section(".viper_abi")
let viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, 1, 3)

/// The Contracts ABI this plugin was compiled against, for viper releases that predate the
/// `.viper_abi` section.
@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 {
    ContractsVersion.compiledPacked
}

/// The plugin's entry point: registers the session, the sign-in module and the status line.
@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: AccountPlugin.self)
}

/// Who is signed in: the ``Session`` service, the ``Login`` module that other
/// modules present when they need a user, and the ``AccountStatus`` line that
/// other modules embed.
enum AccountPlugin: Plugin {
    static let manifest = PluginManifest(name: "account", version: "1.0.0",
                                         summary: "Sign-in: the session, the login form and a status line")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(Session.self, requires: [.service(Logger.self)]) { resolver in
            DemoSession(logger: try resolver.resolve(Logger.self))
        }
        registrar.registerModule(
            Login.self,
            route: RouteSpec("login", summary: "Sign in"),
            requires: [.service(Session.self)],
            builder: LoginBuilder())
        registrar.registerModule(
            AccountStatus.self,
            requires: [.service(Session.self)],
            builder: AccountStatusBuilder())
    }
}
