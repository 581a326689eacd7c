/// A ``ModuleBuilder`` that declares the services it needs (``dependencies``) and the modules it
/// routes to (``routes``) once, and receives both: the services resolved and a typed
/// ``ModuleRoute`` per routed contract. Unlike `Dependencies(..., routesTo:)`, which only
/// declares its modules, the routes arrive as values the compiler checks.
///
///     final class LobbyBuilder: RoutingModuleBuilder {
///         static let dependencies = Dependencies(WelcomeText.self)
///         static let routes = ModuleRoutes(WelcomeScreen.self)
///
///         func build(_ context: any ModuleContext, with text: any WelcomeText,
///                    routes welcome: ModuleRoute<any WelcomeScreen>) throws -> BuiltModule { ... }
///     }
///
///     registrar.registerModule(LobbyInput.self, route: RouteSpec("lobby", summary: "The lobby"),
///                              builder: LobbyBuilder())
///
/// `Registrar.registerModule(_:name:route:builder:)` for this builder passes the services' requirements, then
/// the routes'. Added in Contracts 1.7.
public protocol RoutingModuleBuilder: ModuleBuilder {
    /// The type of ``dependencies``: usually `Dependencies<...>` of the services listed.
    associatedtype Declaration: DependencyDeclaration
    /// The type of ``routes``: usually `ModuleRoutes<...>` of the contracts listed.
    associatedtype Routing: RouteDeclaration
    /// The services every module this builder makes receives.
    static var dependencies: Declaration { get }
    /// The module contracts every module this builder makes routes to.
    static var routes: Routing { get }
    /// Builds a new module for one route from the resolved ``dependencies`` and the typed ``routes``.
    func build(_ context: any ModuleContext, with dependencies: Declaration.Resolved, routes: Routing.Routes) throws -> BuiltModule
}

extension RoutingModuleBuilder {
    /// Resolves ``dependencies`` from the context's resolver, binds ``routes`` to its router, and builds.
    public func build(_ context: any ModuleContext) throws -> BuiltModule {
        try build(context, with: Self.dependencies.resolve(from: context.resolver), routes: Self.routes.routes(through: context.router))
    }
}

extension Registrar {
    /// Registers a module whose builder declares its services and routes: the requirements are
    /// the builder's ``RoutingModuleBuilder/dependencies``, then its ``RoutingModuleBuilder/routes``.
    /// Added in Contracts 1.7.
    ///
    /// - Parameters:
    ///   - contract: the protocol the module's input conforms to.
    ///   - name: tells apart two modules of one contract; nil for the usual one.
    ///   - route: the shell path that opens the module, or nil for one reached only by contract.
    ///   - builder: builds a new instance of the module each time it is opened.
    public func registerModule<Input, Builder: RoutingModuleBuilder>(
        _ contract: Input.Type,
        name: String? = nil,
        route: RouteSpec? = nil,
        builder: Builder
    ) {
        registerModule(
            contract, name: name, route: route,
            requires: Builder.dependencies.requirements + Builder.routes.requirements, builder: builder)
    }
}
