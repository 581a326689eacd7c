/// The module contracts a builder routes to, declared once as a type: the host checks each as a
/// ``Requirement/module(_:name:)`` before the shell opens, and the builder receives one typed
/// ``ModuleRoute`` per contract, in the order listed (one contract: the route itself).
///
///     final class NoteListBuilder: RoutingModuleBuilder {
///         static let dependencies = Dependencies(NoteStore.self)
///         static let routes = ModuleRoutes(NoteEditing.self)
///
///         func build(_ context: any ModuleContext, with store: any NoteStore,
///                    routes editor: ModuleRoute<any NoteEditing>) throws -> BuiltModule { ... }
///     }
///
/// Added in Contracts 1.7.
public struct ModuleRoutes<each Module>: RouteDeclaration, Sendable {
    /// The module contracts, in the order they were listed.
    private let modules: (repeat (each Module).Type)

    /// Declares the module contracts a builder routes to, e.g. `ModuleRoutes(NoteEditing.self)`.
    public init(_ modules: repeat (each Module).Type) {
        self.modules = (repeat each modules)
    }

    /// One ``Requirement/module(_:name:)`` per contract, in order.
    public var requirements: [Requirement] {
        var list: [Requirement] = []
        for module in repeat each modules {
            list.append(.module(module))
        }
        return list
    }

    /// A typed route per contract, each routing through `router`.
    public func routes(through router: any Router) -> (repeat ModuleRoute<each Module>) {
        (repeat ModuleRoute(each modules, router: router))
    }
}

/// What a ``RoutingModuleBuilder`` routes to: the requirements the host checks and the typed
/// routes the builder receives come from one value. ``ModuleRoutes`` is the one plugins write.
/// Added in Contracts 1.7.
public protocol RouteDeclaration: Sendable {
    /// What the builder receives: typed routes.
    associatedtype Routes
    /// The module requirements the host checks before the shell opens.
    var requirements: [Requirement] { get }
    /// The routes, each bound to `router` (the router of the module being built).
    func routes(through router: any Router) -> Routes
}
