/// One typed declaration of what a builder or factory needs: the list the host checks and the
/// values the builder receives come from it, so the two cannot drift apart. ``Dependencies`` is
/// the declaration plugins write; conform another type only to resolve in another way (named
/// registrations, say). Added in Contracts 1.6.
public protocol DependencyDeclaration: Sendable {
    /// What the builder or factory receives: the resolved services.
    associatedtype Resolved

    /// What the host checks before the shell opens (``Registrar`` gets this as `requires:`).
    var requirements: [Requirement] { get }

    /// Resolves what the builder or factory receives; throws a ``ResolutionError`` naming what is
    /// missing.
    func resolve(from resolver: any Resolver) throws -> Resolved
}
