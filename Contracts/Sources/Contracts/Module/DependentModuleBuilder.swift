/// A ``ModuleBuilder`` that declares what it needs once, as ``dependencies``, and receives it
/// resolved: no `requires:` list to keep in step with the builder's `resolve` calls.
///
///     final class HelloBuilder: DependentModuleBuilder {
///         static let dependencies = Dependencies(Clock.self, Logger.self)
///
///         func build(_ context: any ModuleContext, with needs: (any Clock, any Logger)) throws -> BuiltModule {
///             let (clock, logger) = needs
///             ...
///         }
///     }
///
///     registrar.registerModule(HelloInput.self, route: RouteSpec("hello", summary: "A greeting"),
///                              builder: HelloBuilder())
///
/// `Registrar.registerModule(_:name:route:builder:)` for this builder passes `dependencies.requirements` as the
/// registration's requirements. Added in Contracts 1.6.
public protocol DependentModuleBuilder: ModuleBuilder {
    /// The type of ``dependencies``: usually `Dependencies<...>` of the services listed.
    associatedtype Declaration: DependencyDeclaration

    /// What every module this builder makes needs: the services it receives and the modules it
    /// routes to.
    static var dependencies: Declaration { get }

    /// Builds a new module for one route from the resolved ``dependencies``.
    func build(_ context: any ModuleContext, with dependencies: Declaration.Resolved) throws -> BuiltModule
}

extension DependentModuleBuilder {
    /// Resolves ``dependencies`` from the context's resolver and builds with them.
    public func build(_ context: any ModuleContext) throws -> BuiltModule {
        try build(context, with: Self.dependencies.resolve(from: context.resolver))
    }
}

extension Registrar {
    /// Registers a module whose builder declares its needs: the requirements are the builder's
    /// ``DependentModuleBuilder/dependencies``, not a second list. Added in Contracts 1.6.
    ///
    /// - Parameters:
    ///   - contract: the protocol the module's input conforms to.
    ///   - name: tells apart two modules of one contract; nil for the usual one.
    ///   - route: the shell path that opens the module, or nil for one reached only by contract.
    ///   - builder: builds a new instance of the module each time it is opened.
    public func registerModule<Input, Builder: DependentModuleBuilder>(
        _ contract: Input.Type,
        name: String? = nil,
        route: RouteSpec? = nil,
        builder: Builder
    ) {
        registerModule(contract, name: name, route: route, requires: Builder.dependencies.requirements, builder: builder)
    }

    /// Registers a service factory that receives what `needs` declares, resolved; the
    /// requirements are `needs.requirements`. Added in Contracts 1.6.
    ///
    ///     registrar.registerService(NoteStore.self, needs: Dependencies(DatabaseOpening.self, Clock.self)) { database, clock in
    ///         try SQLiteNoteStore(database: database.open("notes"), clock: clock)
    ///     }
    ///
    /// - Parameters:
    ///   - contract: the protocol consumers resolve.
    ///   - name: tells apart two registrations of one contract; nil for the usual one.
    ///   - scope: ``ServiceScope/process`` (one shared instance) or ``ServiceScope/transient``.
    ///   - needs: the services the factory receives, in order.
    ///   - factory: makes the service from them.
    public func registerService<Service, Declaration: DependencyDeclaration>(
        _ contract: Service.Type,
        name: String? = nil,
        scope: ServiceScope = .process,
        needs: Declaration,
        factory: @escaping (Declaration.Resolved) throws -> Service
    ) {
        registerService(contract, name: name, scope: scope, requires: needs.requirements) { resolver in
            try factory(needs.resolve(from: resolver))
        }
    }
}
