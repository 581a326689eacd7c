import Contracts

/// Who is signed in: the ``Session`` service over the data folder's accounts
/// (`accounts.sqlite`, passwords kept only as salted PBKDF2 hashes; five wrong passwords in a row
/// lock an account for five minutes), the ``Login`` module that other
/// modules present when they need a user, the ``AccountStatus`` line that other
/// modules embed, and a guard on the routes that need a user: a route to
/// ``NoteEditing`` by anyone (another plugin, a drop-in) while nobody is signed in
/// opens the sign-in form instead, saying why (``SignInGuard``).
package enum AccountPlugin: Plugin {
    package static let manifest = PluginManifest(name: "account", version: "1.0.0",
                                                 summary: "Sign-in: the session, the login form and a status line")

    package static func register(in registrar: any Registrar) throws {
        registrar.registerService(Session.self, requires: [.service(Logger.self), .service(DatabaseOpening.self),
                                                             .service(Clock.self)]) { resolver in
            AccountSession(accounts: SQLiteAccountStore(databases: try resolver.resolve(DatabaseOpening.self)),
                           hashing: PBKDF2Hashing(), logger: try resolver.resolve(Logger.self),
                           clock: try resolver.resolve(Clock.self))
        }
        registrar.registerModule(
            Login.self,
            route: RouteSpec("login", summary: "Sign in", query: ["reason"]),
            requires: [.service(Session.self)],
            builder: LoginBuilder())
        registrar.registerModule(
            AccountStatus.self,
            requires: [.service(Session.self), .service(Clock.self)],
            builder: AccountStatusBuilder())
        registrar.registerInterceptor(for: NoteEditing.self) { _, resolver in
            SignInGuard.decide(session: try resolver.resolve(Session.self), reason: SignInGuard.noteEditingReason)
        }
    }
}
