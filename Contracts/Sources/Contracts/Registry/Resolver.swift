/// Hands out services and builds modules by contract. Read-only: registering
/// happens only through a ``Registrar`` inside a plugin's entry point.
///
///     let store = try resolver.resolve(NoteStore.self)
///
/// A failed resolve throws a ``ResolutionError`` that names the contract, who
/// asked for it and what is registered; it never returns nil or crashes.
public protocol Resolver: AnyObject {
    /// Returns the service registered for `contract` under `name` (nil: the unnamed one).
    func resolve<Service>(_ contract: Service.Type, name: String?) throws -> Service

    /// Whether a service is registered for `contract` under `name`, after adapters.
    func canResolve(_ contract: Any.Type, name: String?) -> Bool

    /// A ``Provider`` of the service registered for `contract` under `name`: resolve once, call
    /// many times. Never throws itself; a call throws what ``resolve(_:name:)`` would.
    ///
    /// Added in Contracts 1.4. Resolvers written against 1.3 get a default that resolves on
    /// every call (correct, not faster); the host's looks the registration up once.
    func provider<Service>(_ contract: Service.Type, name: String?) -> Provider<Service>
}

extension Resolver {
    /// Returns the unnamed service registered for `contract`.
    public func resolve<Service>(_ contract: Service.Type) throws -> Service {
        try resolve(contract, name: nil)
    }

    /// Whether an unnamed service is registered for `contract`.
    public func canResolve(_ contract: Any.Type) -> Bool {
        canResolve(contract, name: nil)
    }

    /// A provider that resolves `contract` under `name` on every call: the default for
    /// resolvers that do not make their own.
    public func provider<Service>(_ contract: Service.Type, name: String?) -> Provider<Service> {
        Provider { try self.resolve(contract, name: name) }
    }

    /// A ``Provider`` of the unnamed service registered for `contract`.
    public func provider<Service>(_ contract: Service.Type) -> Provider<Service> {
        provider(contract, name: nil)
    }
}
