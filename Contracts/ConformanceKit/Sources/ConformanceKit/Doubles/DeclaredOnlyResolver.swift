import Contracts

/// A ``Resolver`` for one registration that serves what it declared in `requires:`
/// from a real source, and reports every other ask.
///
/// An undeclared service is still served when the source has it, so the other
/// checks can run; the ask is reported through `onUndeclared` and fails the
/// `declared-dependencies` check. A service asked about with
/// ``canResolve(_:name:)`` first is optional, and its resolve is not reported.
public final class DeclaredOnlyResolver: Resolver {
    private let base: any Resolver
    private let declared: Set<Requirement>
    private let requester: String
    private let onUndeclared: (Requirement) -> Void
    private var probed = Set<Requirement>()

    /// - Parameters:
    ///   - base: where declared services come from.
    ///   - declared: the registration's `requires:`.
    ///   - requester: who is asking, for error messages.
    ///   - onUndeclared: told of each ask that `declared` does not cover.
    public init(base: any Resolver, declared: [Requirement], requester: String,
                onUndeclared: @escaping (Requirement) -> Void) {
        self.base = base
        self.declared = Set(declared.filter { $0.kind == .service })
        self.requester = requester
        self.onUndeclared = onUndeclared
    }

    /// Resolves from the source, reporting the ask when it was not declared.
    public func resolve<Service>(_ contract: Service.Type, name: String?) throws -> Service {
        let requirement = Requirement.service(contract, name: name)
        if !declared.contains(requirement) && !probed.contains(requirement) {
            onUndeclared(requirement)
        }
        return try base.resolve(contract, name: name)
    }

    /// Asks the source, and marks the service optional for this resolver.
    public func canResolve(_ contract: Any.Type, name: String?) -> Bool {
        probed.insert(Requirement.service(contract, name: name))
        return base.canResolve(contract, name: name)
    }
}
