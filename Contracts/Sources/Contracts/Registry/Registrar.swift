/// What a plugin's entry point registers into. Valid only during
/// ``Plugin/register(in:)``; afterwards the plugin's code sees only a ``Resolver``.
///
///     static func register(in registrar: any Registrar) throws {
///         registrar.registerService(NoteStore.self, requires: [.service(DatabaseOpening.self)]) { resolver in
///             try SQLiteNoteStore(database: resolver.resolve(DatabaseOpening.self).open("notes"))
///         }
///         registrar.registerModule(NoteListing.self, route: RouteSpec("notes", summary: "Your notes"),
///                                  requires: [.service(NoteStore.self)], builder: NoteListBuilder())
///     }
public protocol Registrar: AnyObject {
    /// Registers a service factory under `contract` (and `name`).
    ///
    /// - Parameters:
    ///   - contract: the protocol consumers resolve, e.g. `NoteStore.self`.
    ///   - name: tells apart two registrations of one contract; nil for the usual one.
    ///   - scope: ``ServiceScope/process`` (one shared instance) or ``ServiceScope/transient``.
    ///   - requires: what the factory resolves, checked before the shell opens.
    ///   - factory: makes the service, resolving what it needs from the resolver it is given.
    func registerService<Service>(
        _ contract: Service.Type,
        name: String?,
        scope: ServiceScope,
        requires: [Requirement],
        factory: @escaping (any Resolver) throws -> Service
    )

    /// Registers the builder of a module whose input conforms to `contract`.
    ///
    /// - Parameters:
    ///   - contract: the protocol the module's input conforms to, e.g. `NoteListing.self`.
    ///   - name: tells apart two modules of one contract; nil for the usual one.
    ///   - route: the shell path that opens the module, or nil for a module
    ///     reached only by contract (from another module's router).
    ///   - requires: the services and modules the builder resolves or routes to,
    ///     checked before the shell opens.
    ///   - builder: builds a new instance of the module each time it is opened.
    func registerModule<Input>(
        _ contract: Input.Type,
        name: String?,
        route: RouteSpec?,
        requires: [Requirement],
        builder: any ModuleBuilder
    )

    /// Maps a contract consumers require onto one a plugin provides (ZIKRouter's
    /// adapter): a resolve or route for `required` is served by the `provided`
    /// registration, converted with `adapt`.
    ///
    ///     registrar.registerAdapter(NoteEditing.self, from: TextEditing.self) { TextToNoteEditing($0) }
    func registerAdapter<Required, Provided>(
        _ required: Required.Type,
        from provided: Provided.Type,
        adapt: @escaping (Provided) throws -> Required
    )

    /// Registers an interceptor for routes to `contract` registered under `name` (nil: the
    /// unnamed one), run before the builder. See `RouteInterception.swift` for the rules.
    func registerInterceptor<Input>(
        for contract: Input.Type,
        name: String?,
        intercept: @escaping (RouteAttempt, any Resolver) throws -> RouteDecision
    )

    /// Registers an observer that sees every failed navigation (ZIKRouter's global error
    /// handler), after the route's own `failure` handler and before the error is thrown.
    func observeRouteErrors(_ observer: @escaping (RouteFailure) -> Void)
}

extension Registrar {
    /// Registers an unnamed, process-scoped service with no requirements.
    public func registerService<Service>(
        _ contract: Service.Type,
        name: String? = nil,
        scope: ServiceScope = .process,
        requires: [Requirement] = [],
        factory: @escaping (any Resolver) throws -> Service
    ) {
        registerService(contract, name: name, scope: scope, requires: requires, factory: factory)
    }

    /// Registers a module builder with the defaults: unnamed, no requirements.
    public func registerModule<Input>(
        _ contract: Input.Type,
        name: String? = nil,
        route: RouteSpec? = nil,
        requires: [Requirement] = [],
        builder: any ModuleBuilder
    ) {
        registerModule(contract, name: name, route: route, requires: requires, builder: builder)
    }
}
