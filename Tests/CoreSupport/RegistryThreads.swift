import Foundation
import ViperTestSupport

/// A weak reference, to see when a registry snapshot or a registration is released.
package struct Weak<Object: AnyObject> {
    package weak var object: Object?
    package init(_ object: Object?) { self.object = object }
}

/// Threads of their own for the registry's concurrency tests: all run at once whatever the
/// number of cores (`DispatchQueue.concurrentPerform` runs as many at once as there are cores),
/// and each has ended, its thread-specific storage released, when ``run(_:_:)`` returns.
package enum RegistryThreads {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body(0)` … `body(count - 1)`, each on a new thread, and waits for all of them to end.
    package static func run(_ count: Int, _ body: @escaping (Int) -> Void) throws {
        var threads: [pthread_t] = []
        defer { for thread in threads { pthread_join(thread, nil) } }
        for index in 0..<count {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(Box { body(index) }).toOpaque()
            let made = pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, box)
            guard made == 0 else {
                Unmanaged<Box>.fromOpaque(box).release()
                throw StubError("pthread_create failed with \(made) for thread \(index) of \(count)")
            }
            threads.append(thread)
        }
    }
}
