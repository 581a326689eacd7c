/// What a builder or a service factory needs, declared once as a type the compiler checks
/// (RIBs' `Builder<Dependency>`): the host reads its ``requirements`` to check the plugin graph
/// before the shell opens, and the builder receives exactly the services it lists, resolved.
///
///     final class ContactListBuilder: DependentModuleBuilder {
///         static let dependencies = Dependencies(ContactStore.self, Clock.self, routesTo: [ContactPicking.self])
///
///         func build(_ context: any ModuleContext, with needs: (any ContactStore, any Clock)) throws -> BuiltModule {
///             let (store, clock) = needs
///             ...
///         }
///     }
///
/// Services come back in the order they are listed, as a tuple (one service: the service itself).
/// Modules a builder routes to are listed in `routesTo:`; they are built through the router,
/// not received. Added in Contracts 1.6.
public struct Dependencies<each Service>: DependencyDeclaration, Sendable {
    /// The services, in the order they were listed.
    private let services: (repeat (each Service).Type)
    /// The module contracts the builder routes to.
    private let modules: [Requirement]

    /// Declares the services a builder or factory resolves, in order, and the modules it routes to.
    ///
    /// - Parameters:
    ///   - services: the service contracts, e.g. `NoteStore.self, Clock.self`.
    ///   - modules: the module contracts it opens through its router, e.g. `[NoteEditing.self]`.
    public init(_ services: repeat (each Service).Type, routesTo modules: [Any.Type] = []) {
        self.services = (repeat each services)
        self.modules = modules.map { Requirement.module($0) }
    }

    /// The requirements the host checks: one ``Requirement/service(_:name:)`` per service, in
    /// order, then one ``Requirement/module(_:name:)`` per module routed to.
    public var requirements: [Requirement] {
        var list: [Requirement] = []
        for service in repeat each services {
            list.append(.service(service))
        }
        return list + modules
    }

    /// Resolves every service from `resolver`, in the order listed; throws the first
    /// ``ResolutionError``, which names the contract that is missing.
    public func resolve(from resolver: any Resolver) throws -> (repeat each Service) {
        (repeat try resolver.resolve(each services))
    }
}
