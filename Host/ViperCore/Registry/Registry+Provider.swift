import Contracts
import Synchronization

/// ``Resolver/provider(_:name:)`` in the host: the registration is looked up once (loading its
/// plugin on first use), and each call of the provider goes straight to the typed factory, or to
/// the shared instance, with the same cycle check, plugin mark and errors as a resolve.
extension Registry {
    package func provider<Service>(_ contract: Service.Type, name: String?, requester: String) -> Provider<Service> {
        let key = RegistryKey(type: ObjectIdentifier(contract), name: name)
        // canResolve asks lazy loading for a key nothing registered yet; then look again.
        guard let registration = registeredService(key) ?? (canResolve(contract, name: name) ? registeredService(key) : nil) else {
            // Served through an adapter, or not at all: every call resolves, and throws what a resolve throws.
            return Provider { try self.resolve(contract, name: name, requester: requester) }
        }
        let typed = unsafeDowncast(registration.factory, to: ServiceFactory<Service>.self)
        return Provider {
            // A withdrawn registration's factory may be gone (live reload): resolve what serves it now.
            if registration.withdrawn.load(ordering: .acquiring) {
                return try self.resolve(contract, name: name, requester: requester)
            }
            return try self.instance(typed, of: registration, requester: requester)
        }
    }
}
