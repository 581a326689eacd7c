import Foundation

/// Turns a hang or a crash of the fuzzer into a report that names the input: a thread
/// that ends the process when one input runs longer than `limit` seconds, and signal
/// handlers that print the input being tried before the process dies.
///
/// `@unchecked Sendable`: its watch thread reads what the fuzzing thread writes; `current`
/// and `started` are read and written only under `lock`, `limit` never changes, and
/// `thread` is set once, in `init`, before anything else sees the watchdog.
final class FuzzWatchdog: @unchecked Sendable {
    /// Seconds one input may take before it is called a hang.
    let limit: Double
    private let lock = NSLock()
    private var current: String?
    private var started = Date()
    private var thread: Thread?

    /// The input being tried, for the signal handlers (which must not allocate or lock).
    nonisolated(unsafe) private static var crashText = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
    nonisolated(unsafe) private static var crashLength = 0

    init(limit: Double) {
        self.limit = limit
        Self.installCrashHandlers()
        let thread = Thread { [weak self] in
            while let self {
                Thread.sleep(forTimeInterval: 0.5)
                self.check()
            }
        }
        thread.stackSize = 1 << 16
        thread.start()
        self.thread = thread
    }

    /// Marks the start of one input, described by `label`.
    func begin(_ label: @autoclosure () -> String) {
        let text = label()
        lock.withLock {
            current = text
            started = Date()
        }
        let bytes = Array(("\nfuzz: crashed on " + text + "\n").utf8.prefix(4095))
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { Self.crashText.update(from: $0.baseAddress!, count: $0.count) }
        }
        Self.crashLength = bytes.count
    }

    /// Marks the end of the current input.
    func end() {
        lock.withLock { current = nil }
        Self.crashLength = 0
    }

    private func check() {
        let hung: String? = lock.withLock {
            guard let current, Date().timeIntervalSince(started) > limit else { return nil }
            return current
        }
        guard let hung else { return }
        FileHandle.standardError.write(Data("\nfuzz: hung for more than \(limit) s on \(hung)\n".utf8))
        _exit(3)
    }

    private static func installCrashHandlers() {
        for kind in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if FuzzWatchdog.crashLength > 0 {
                    _ = write(2, FuzzWatchdog.crashText, FuzzWatchdog.crashLength)
                }
                signal(number, SIG_DFL)
                raise(number)
            }
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(kind, &action, nil)
        }
    }
}
