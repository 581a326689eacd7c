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
/// `registration` may be borrowed from this thread's snapshot without a retain (a resolve):
/// nothing here uses it, nor its factory, after the factory call's frame is popped, when a
/// snapshot swapped out during the call may be released (Registry+Snapshot.swift).
extension Registry {
    /// `stack`: this thread's ``ResolutionStack`` if the caller has it already, else nil.
    @inline(__always)
    func instance<Service>(_ typed: ServiceFactory<Service>, of registration: ServiceRegistration,
                           requester: String, on stack: ResolutionStack? = nil) throws -> Service {
        guard registration.isProcessScoped else {
            guard let stack else {
                return try ResolutionStack.currentUnmanaged._withUnsafeGuaranteedRef {
                    try produce(registration, requester: requester, on: $0, typed.make)
                }
            }
            return try produce(registration, requester: requester, on: stack, typed.make)
        }
        if let box = typed.sharedBox {
            return Unmanaged<InstanceBox<Service>>.fromOpaque(box).takeUnretainedValue().value
        }
        return try firstInstance(typed, of: registration, requester: requester)
    }

    /// Makes a process-scoped service's instance and publishes it, unless another thread's won:
    /// inside the factory's frame, which keeps `typed` alive (see above).
    @inline(never)
    private func firstInstance<Service>(_ typed: ServiceFactory<Service>, of registration: ServiceRegistration,
                                        requester: String) throws -> Service {
        try ResolutionStack.currentUnmanaged._withUnsafeGuaranteedRef { stack in
            try produce(registration, requester: requester, on: stack) { resolver in
                let winner = typed.publish(InstanceBox(try typed.make(resolver)))
                return Unmanaged<InstanceBox<Service>>.fromOpaque(winner).takeUnretainedValue().value
            }
        }
    }

    func anyInstance(of registration: ServiceRegistration, requester: String) throws -> Any {
        try registration.factory.anyInstance(in: self, of: registration, requester: requester)
    }

    /// Runs a factory with the registration on this thread's resolution stack, so a
    /// factory that (indirectly) needs itself is reported as a cycle, not a stack overflow,
    /// and with the plugin's mark set for ``PluginExitGuard``.
    @inline(__always)
    private func produce<T>(_ registration: ServiceRegistration, requester: String, on stack: ResolutionStack,
                            _ make: (any Resolver) throws -> T) throws -> T {
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
            return try make(registration.nestedResolver ?? nested(for: registration))
        } catch {
            throw failure(error, of: registration, requester: requester)
        }
    }

    /// A factory's error as a resolve reports it: a ``ResolutionError`` as it is, any other as `factoryFailed`.
    @inline(never)
    private func failure(_ error: any Error, of registration: ServiceRegistration, requester: String) -> any Error {
        if error is ResolutionError { return error }
        return ResolutionError(code: .factoryFailed, contract: registration.contract, name: registration.name,
                               requester: requester, registered: [], detail: "\(registration.plugin): \(error)")
    }

    @inline(never)
    private func nested(for registration: ServiceRegistration) -> ScopedResolver {
        ScopedResolver(registry: self, requester: "\(registration.plugin) (\(registration.label))")
    }

    @inline(never)
    private func cycle(_ registration: ServiceRegistration, stack: ResolutionStack, requester: String) -> ResolutionError {
        ResolutionError(code: .cycle, contract: registration.contract, name: registration.name, requester: requester,
                        registered: [], detail: stack.cycle(closedBy: registration))
    }
}
