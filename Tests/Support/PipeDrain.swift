import Foundation

/// Reads a pipe to its end on another thread, so a test can wait for a child process while
/// its output is drained (a child writing into a full pipe would block forever).
///
/// `@unchecked Sendable`: `data` is written once, by the reading thread, before `done` is
/// signalled, and read only after waiting for that signal.
public final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    /// Starts reading `handle` until its writers close it.
    public init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    /// Everything the pipe delivered; waits until its writers closed it.
    public func wait() -> Data {
        done.wait()
        return data
    }

    /// Like ``wait()``, for at most `seconds`; nil when the pipe is still open then.
    public func wait(seconds: Double) -> Data? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return data
    }
}
