import Contracts
import Foundation

/// Making service instances: transient ones each time, a process-scoped one once published (the
/// first of two racing threads wins; the other's is dropped), each with the registration on this
/// thread's ``ResolutionStack`` so a factory that needs itself is a cycle, not a stack overflow.
///
/// No lock: a process-scoped instance is read with one atomic load. Two threads may both run the
/// factory the first time, as before; making it wait instead would deadlock two threads whose
/// services need each other's.
///
/// No retain either: a resolve borrows the registration from this thread's snapshot, and its
/// factory, the stack and the nested resolver are passed as `Unmanaged` and borrowed only where
/// used (a class reference a closure captures is retained around the calls it makes; measured:
/// three retains and releases a resolve). What keeps each alive:
/// - the registration and its factory: the snapshot the thread read it from, kept by the thread
///   until the factory call's frame is popped (Registry+Snapshot.swift); nothing here uses them
///   after that, so a process-scoped instance is published inside the frame;
/// - the nested resolver: the registration (set once, under the registry's lock, before the
///   registration is in any snapshot; a factory that keeps it retains it);
/// - the stack: the thread's specific storage.
extension Registry {
    /// For callers that hold `registration` and `typed` (a ``Provider``, an adapter's source).
    @inline(__always)
    package func instance<Service>(
        _ typed: ServiceFactory<Service>, of registration: ServiceRegistration,
        requester: String
    ) throws -> Service {
        try instance(.passUnretained(typed), of: .passUnretained(registration), requester: requester, on: nil)
    }

    /// `typed` is `registration`'s factory; `stack` is this thread's ``ResolutionStack`` if the
    /// caller has it already.
    @inline(__always)
    package func instance<Service>(
        _ typed: Unmanaged<ServiceFactory<Service>>, of registration: Unmanaged<ServiceRegistration>,
        requester: String, on stack: Unmanaged<ResolutionStack>?
    ) throws -> Service {
        guard registration._withUnsafeGuaranteedRef({ $0.isProcessScoped }) else {
            return try produce(registration, requester: requester, on: stack ?? ResolutionStack.current(stackKey)) { resolver in
                try typed._withUnsafeGuaranteedRef { try $0.make(resolver) }
            }
        }
        if let box = typed._withUnsafeGuaranteedRef({ $0.sharedBox }) {
            return Unmanaged<InstanceBox<Service>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
        }
        return try firstInstance(typed, of: registration, requester: requester)
    }

    /// The factory of a registration found under `Service`'s type identity: a
    /// `ServiceFactory<Service>` (the invariant on ``ServiceRegistration/factory``), without a cast.
    @inline(__always)
    package static func typedFactory<Service>(
        of registration: Unmanaged<ServiceRegistration>,
        as contract: Service.Type
    ) -> Unmanaged<ServiceFactory<Service>> {
        .fromOpaque(registration._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.factory).toOpaque() })
    }

    /// Makes a process-scoped service's instance and publishes it, unless another thread's won:
    /// inside the factory's frame, which keeps `typed` alive (see above).
    @inline(never)
    private func firstInstance<Service>(
        _ typed: Unmanaged<ServiceFactory<Service>>, of registration: Unmanaged<ServiceRegistration>,
        requester: String
    ) throws -> Service {
        try produce(registration, requester: requester, on: ResolutionStack.current(stackKey)) { resolver in
            try typed._withUnsafeGuaranteedRef { typed in
                let winner = typed.publish(InstanceBox(try typed.make(resolver)))
                return Unmanaged<InstanceBox<Service>>.fromOpaque(winner).takeUnretainedValue().value
            }
        }
    }

    package func anyInstance(of registration: ServiceRegistration, requester: String) throws -> Any {
        try registration.factory.anyInstance(in: self, of: registration, requester: requester)
    }

    /// Runs a factory with the registration on this thread's resolution stack, so a
    /// factory that (indirectly) needs itself is reported as a cycle, not a stack overflow,
    /// and with the plugin's mark set for ``PluginExitGuard``.
    @inline(__always)
    private func produce<T>(
        _ registration: Unmanaged<ServiceRegistration>, requester: String, on stack: Unmanaged<ResolutionStack>,
        _ make: (any Resolver) throws -> T
    ) throws -> T {
        try stack._withUnsafeGuaranteedRef { stack in
            try registration._withUnsafeGuaranteedRef { registration in
                if stack.contains(registration) {
                    throw cycle(registration, stack: stack, requester: requester)
                }
                stack.push(registration)
                let previousMark = stack.exitMark
                if let mark = registration.exitMark { stack.exitMark = Unmanaged.passUnretained(mark) }
                defer {
                    stack.exitMark = previousMark
                    stack.pop()
                }
                do {
                    guard let resolver = registration.nestedResolver.map(Unmanaged.passUnretained) else {
                        return try make(nested(for: registration))
                    }
                    return try resolver._withUnsafeGuaranteedRef { try make($0) }
                } catch {
                    throw failure(error, of: registration, requester: requester)
                }
            }
        }
    }

    /// A factory's error as a resolve reports it: a ``ResolutionError`` as it is, any other as `factoryFailed`.
    @inline(never)
    private func failure(_ error: any Error, of registration: ServiceRegistration, requester: String) -> any Error {
        if error is ResolutionError { return error }
        return ResolutionError(
            code: .factoryFailed, contract: registration.contract, name: registration.name,
            requester: requester, registered: [], detail: "\(registration.plugin): \(error)")
    }

    @inline(never)
    private func nested(for registration: ServiceRegistration) -> ScopedResolver {
        ScopedResolver(registry: self, requester: "\(registration.plugin) (\(registration.label))")
    }

    @inline(never)
    private func cycle(_ registration: ServiceRegistration, stack: ResolutionStack, requester: String) -> ResolutionError {
        ResolutionError(
            code: .cycle, contract: registration.contract, name: registration.name, requester: requester,
            registered: [], detail: stack.cycle(closedBy: registration))
    }
}
