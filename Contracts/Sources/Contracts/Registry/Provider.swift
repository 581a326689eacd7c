/// A service resolved once and made on each call: what a module keeps when it needs the same
/// service again and again, instead of resolving it by contract every time.
///
///     let stores = resolver.provider(NoteStore.self)
///     let store = try stores()          // or stores.get()
///
/// A call costs a closure call: the host looked the registration up when it made the provider,
/// so a call only makes the service (a transient one) or returns the shared one (a process-scoped
/// one). A call throws what ``Resolver/resolve(_:name:)`` would: the same ``ResolutionError``
/// when nothing serves the contract, its factory failed or needs itself.
@frozen
public struct Provider<Service> {
    @usableFromInline
    let make: () throws -> Service

    /// Makes a provider that calls `make` for each instance. Resolvers make providers; a test
    /// can make one from a closure.
    public init(_ make: @escaping () throws -> Service) {
        self.make = make
    }

    /// The service: a new one for a transient registration, the shared one for a process-scoped one.
    @inlinable
    public func callAsFunction() throws -> Service {
        try make()
    }

    /// The service, as ``callAsFunction()`` gives it.
    @inlinable
    public func get() throws -> Service {
        try make()
    }
}
