import Foundation

/// A value shared by the threads of a concurrency test, read and changed only under its lock.
///
/// `@unchecked Sendable`: `value` is reached only inside `withLock`. (Synchronization's `Mutex`
/// captured by `DispatchQueue.concurrentPerform` is reported by the thread sanitizer as an
/// access race on the capturing stack frame, so the tests that run under it use this.)
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
