import Contracts
import Foundation

/// Making service instances: transient ones each time, a process-scoped one once (the first
/// of two racing threads wins), each with the registration on this thread's
/// ``ResolutionStack`` so a factory that needs itself is a cycle, not a stack overflow.
extension Registry {
    func instance<Service>(_ typed: ServiceFactory<Service>, of registration: ServiceRegistration,
                                   requester: String) throws -> Service {
        guard registration.scope == .process else {
            return try produce(registration, requester: requester) { try typed.make($0) }
        }
        return try sharedInstance(typed, of: registration, requester: requester)
    }

    /// A process-scoped service's one instance. Apart from ``instance(_:of:requester:)`` so that
    /// a transient resolve never touches `Service?` (measured: in this unspecialized generic
    /// code its metadata lookup cost about 300 instructions a resolve).
    @inline(never)
    private func sharedInstance<Service>(_ typed: ServiceFactory<Service>, of registration: ServiceRegistration,
                                         requester: String) throws -> Service {
        if let cached = lock.withLock({ typed.instance }) {
            return cached
        }
        let value = try produce(registration, requester: requester) { try typed.make($0) }
        return lock.withLock {
            if let winner = typed.instance { return winner }
            typed.instance = value
            return value
        }
    }

    func anyInstance(of registration: ServiceRegistration, requester: String) throws -> Any {
        if registration.scope == .process, let cached = lock.withLock({ registration.factory.cachedAny }) {
            return cached
        }
        let value = try produce(registration, requester: requester) { try registration.factory.makeAny($0) }
        guard registration.scope == .process else { return value }
        return lock.withLock { registration.factory.storeIfAbsent(value) }
    }

    /// Runs a factory with the registration on this thread's resolution stack, so a
    /// factory that (indirectly) needs itself is reported as a cycle, not a stack overflow.
    private func produce<T>(_ registration: ServiceRegistration, requester: String,
                            _ make: (any Resolver) throws -> T) throws -> T {
        let stack = ResolutionStack.current
        if stack.keys.contains(registration.key) {
            let names = (stack.keys.drop { $0 != registration.key } + [registration.key]).compactMap { key in
                registeredService(key)?.label
            }
            throw ResolutionError(code: .cycle, contract: registration.contract, name: registration.name, requester: requester,
                                  registered: [], detail: names.joined(separator: " → "))
        }
        stack.keys.append(registration.key)
        defer { stack.keys.removeLast() }
        let nested = registration.nestedResolver ?? ScopedResolver(registry: self, requester: "\(registration.plugin) (\(registration.label))")
        do {
            return try make(nested)
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(code: .factoryFailed, contract: registration.contract, name: registration.name,
                                  requester: requester, registered: [], detail: "\(registration.plugin): \(error)")
        }
    }
}
