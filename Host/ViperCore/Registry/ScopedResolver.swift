import Contracts

/// A resolver that knows who is asking, so errors name the requester. Cycles are
/// caught by the per-thread ``ResolutionStack``.
package final class ScopedResolver: Resolver {
    package let registry: Registry
    package let requester: String

    package init(registry: Registry, requester: String) {
        self.registry = registry
        self.requester = requester
    }

    /// Inlined into the protocol witness: one call less a resolve.
    @inline(__always)
    package func resolve<Service>(_ contract: Service.Type, name: String?) throws -> Service {
        try registry.resolve(contract, name: name, requester: requester)
    }

    package func canResolve(_ contract: Any.Type, name: String?) -> Bool {
        registry.canResolve(contract, name: name)
    }

    package func provider<Service>(_ contract: Service.Type, name: String?) -> Provider<Service> {
        registry.provider(contract, name: name, requester: requester)
    }
}
