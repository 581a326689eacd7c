import Contracts
import Foundation
import ViperCoreTestSupport
@testable import ViperCore

/// Runs in a pthread key's destructor on an ending thread, after the resolution stack's key has
/// released that thread's stack, and records what it found there and what a resolve answered.
/// Retained through the key's value; written only by the ending thread, read after its join.
final class ThreadEndSpy: @unchecked Sendable {
    let resolver: any Resolver
    /// The key whose destructor runs ``record()``.
    var key = pthread_key_t()
    /// Whether a stack was still this thread's when the spy ran (nil: it did not run).
    private(set) var foundStack: Bool?
    /// What the resolve in the destructor returned, or its error.
    private(set) var resolved: String?

    init(resolver: any Resolver) {
        self.resolver = resolver
    }

    /// Called by the key's destructor with the value it held. Until the stack's key has released
    /// this thread's stack (glibc calls destructors by key, lowest first, and again while values
    /// are set), it sets itself again to run in the next round.
    func record() {
        if pthread_getspecific(ResolutionStack.key) != nil {
            pthread_setspecific(key, Unmanaged.passRetained(self).toOpaque())
            return
        }
        foundStack = ResolutionStack.existing != nil
        do {
            resolved = try resolver.resolve(Welcome.self, name: "late").text
        } catch {
            resolved = "\(error)"
        }
    }
}
