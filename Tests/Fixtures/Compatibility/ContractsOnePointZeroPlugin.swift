// A plugin written against Contracts 1.0, the oldest version viper accepts.
// The tests compile it against Contracts/API/1.0/Contracts.swiftinterface (the
// interface that version shipped) and load it in today's viper. It uses only
// what 1.0 had: the 1.0 entry (`PluginEntry.run(_:plugin:)`), a service of its
// own, the host's Clock, Logger and DatabaseOpening, a module with a route and
// commands, and the bundled Account plugin's modules and Session across the
// boundary.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: LegacyPlugin.self)
}

/// The module's input: whoever opens it can set a label.
public protocol LegacyInput: AnyObject {
    func label(_ text: String)
}

/// A service of this plugin, resolved through the host's registry.
public protocol LegacyTally: AnyObject {
    func record() throws -> Int
}

/// Counts in a table of a database the host opens in its data folder.
final class DatabaseTally: LegacyTally {
    private let database: any Database

    init(database: any Database) throws {
        self.database = database
        try database.execute("CREATE TABLE IF NOT EXISTS taps (id INTEGER PRIMARY KEY, at REAL NOT NULL)")
    }

    func record() throws -> Int {
        try database.transaction {
            try database.execute("INSERT INTO taps (at) VALUES (?)", [.real(0)])
            let rows = try database.query("SELECT count(*) AS n FROM taps")
            guard case .integer(let count) = rows.first?["n"] ?? .null else { return 0 }
            return Int(count)
        }
    }
}

final class LegacyView: ModuleView, LegacyInput {
    private let tally: any LegacyTally
    private let clock: any Clock
    private let session: any Session
    private let router: any Router
    private let status: any ModuleView
    private var lines: [String] = []

    init(tally: any LegacyTally, clock: any Clock, session: any Session, router: any Router, status: any ModuleView) {
        self.tally = tally
        self.clock = clock
        self.session = session
        self.router = router
        self.status = status
    }

    var title: String { "Legacy" }

    var commands: [CommandSpec] {
        [
            CommandSpec("tap", help: "Count one tap in the database"),
            CommandSpec("who", help: "Ask the bundled Session who is signed in"),
            CommandSpec("login", help: "Present the bundled sign-in form"),
            CommandSpec("close", help: "Close this module"),
        ]
    }

    func label(_ text: String) {
        lines.append("label: \(text)")
    }

    func render(on screen: any Screen) {
        screen.heading("Built against Contracts 1.0")
        screen.fields([Field("clock", "\(Int(clock.secondsSince1970))")])
        screen.list(lines)
        screen.embed(status)
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "tap": lines.append("taps: \(try tally.record())")
        case "who": lines.append("signed in: \(session.currentUser?.name ?? "nobody")")
        case "login": try router.present(Login.self) { $0.reason = "the legacy plugin asks" }
        case "close": router.close()
        default: throw CommandError("'\(command.name)' is not a command of Legacy")
        }
    }
}

final class LegacyBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let logger = try context.resolver.resolve(Logger.self)
        logger.log(.info, "legacy module built", source: "legacy")
        let view = LegacyView(tally: try context.resolver.resolve(LegacyTally.self),
                              clock: try context.resolver.resolve(Clock.self),
                              session: try context.resolver.resolve(Session.self),
                              router: context.router,
                              status: try context.router.embed(AccountStatus.self))
        if let text = context.parameters["label"] { view.label(text) }
        return BuiltModule(view: view, input: view)
    }
}

enum LegacyPlugin: Plugin {
    static let manifest = PluginManifest(name: "legacy-1-0", version: "1.0.0", summary: "Built against Contracts 1.0")

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(LegacyTally.self, requires: [.service(DatabaseOpening.self)]) { resolver in
            try DatabaseTally(database: try resolver.resolve(DatabaseOpening.self).open("legacy"))
        }
        registrar.registerModule(
            LegacyInput.self,
            route: RouteSpec("legacy", summary: "A module from a Contracts 1.0 plugin", query: ["label"]),
            requires: [.service(LegacyTally.self), .service(Clock.self), .service(Logger.self), .service(Session.self),
                       .module(AccountStatus.self), .module(Login.self)],
            builder: LegacyBuilder())
    }
}
