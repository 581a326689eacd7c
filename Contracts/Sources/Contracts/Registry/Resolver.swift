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
}
