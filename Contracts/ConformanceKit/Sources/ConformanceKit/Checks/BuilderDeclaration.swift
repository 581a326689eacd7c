import Contracts

/// What a module's builder declares in its own type, read so the `declared-dependencies` check
/// judges a module by the declaration its author wrote: a ``DependentModuleBuilder``'s
/// `dependencies` (Contracts 1.6) or a ``RoutingModuleBuilder``'s `dependencies` and `routes`
/// (1.7, `ModuleRoutes(A.self, B.self)`). viper checks only the registration's requirements,
/// which `registerModule(_:name:route:builder:)` takes from this declaration; a builder
/// registered with `requires:` instead has two lists, and they can drift apart.
struct BuilderDeclaration {
    /// Which protocol the builder declares through.
    enum Kind {
        /// A plain ``ModuleBuilder``: its registration's `requires:` is the only declaration.
        case plain
        /// A ``DependentModuleBuilder``: `static let dependencies`.
        case dependent
        /// A ``RoutingModuleBuilder``: `static let dependencies` and `static let routes`.
        case routing
    }

    let kind: Kind
    /// The services of `dependencies`, in order.
    let services: [Requirement]
    /// The modules of a routing builder's `routes` (its ``ModuleRoutes``).
    let moduleRoutes: [Requirement]
    /// The modules of `dependencies`' `routesTo:`.
    let routesTo: [Requirement]

    /// Every module the builder declares it routes to.
    var routes: [Requirement] { moduleRoutes + routesTo }

    /// Reads `builder`'s declaration; a plain builder declares nothing in its type.
    init(_ builder: any ModuleBuilder) {
        if let routing = builder as? any RoutingModuleBuilder {
            self = Self.routing(routing)
        } else if let dependent = builder as? any DependentModuleBuilder {
            self = Self.dependent(dependent)
        } else {
            self.init(kind: .plain, services: [], moduleRoutes: [], routesTo: [])
        }
    }

    private init(kind: Kind, services: [Requirement], moduleRoutes: [Requirement], routesTo: [Requirement]) {
        self.kind = kind
        self.services = services
        self.moduleRoutes = moduleRoutes
        self.routesTo = routesTo
    }

    private static func routing<Builder: RoutingModuleBuilder>(_ builder: Builder) -> BuilderDeclaration {
        let needs = Builder.dependencies.requirements
        return BuilderDeclaration(
            kind: .routing, services: needs.filter { $0.kind == .service }, moduleRoutes: Builder.routes.requirements,
            routesTo: needs.filter { $0.kind == .module })
    }

    private static func dependent<Builder: DependentModuleBuilder>(_ builder: Builder) -> BuilderDeclaration {
        let needs = Builder.dependencies.requirements
        return BuilderDeclaration(
            kind: .dependent, services: needs.filter { $0.kind == .service }, moduleRoutes: [], routesTo: needs.filter { $0.kind == .module })
    }

    /// Where an author adds a module the builder routes to, for a hint.
    func whereToDeclare(route contract: ContractID) -> String {
        let name = contract.shortName
        switch kind {
        case .routing:
            return "add \(name).self to the builder's ModuleRoutes (static let routes) and route through the ModuleRoute<any \(name)> it receives"
        case .dependent, .plain:
            return "add .module(\(name).self) to requires: or \(name).self to routesTo: of the builder's Dependencies"
        }
    }

    /// What the builder declares that `requires` (the registration's requirements) does not carry.
    func uncarried(by requires: [Requirement]) -> [Requirement] {
        let carried = Set(requires)
        var seen = Set<Requirement>()
        return (services + routes).filter { !carried.contains($0) && seen.insert($0).inserted }
    }

    /// Where in the builder's type `requirement` is declared, for a drift line.
    func origin(of requirement: Requirement) -> String {
        if moduleRoutes.contains(requirement) { return "its ModuleRoutes" }
        if routesTo.contains(requirement) { return "routesTo: of its Dependencies" }
        return services.contains(requirement) ? "its Dependencies" : "requires: of its registration"
    }
}
