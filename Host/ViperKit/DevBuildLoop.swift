import Foundation
import ViperRuntime

/// What both kinds of `viper dev` target (``DevSession``, ``DevWorkspace``) share: the notices
/// waiting for the shell, the build that is running (so ``stop()`` can end it), and the watcher
/// whose batches of changes start a rebuild on a thread of its own.
///
/// Invariants: every field is guarded by `lock`; after ``stop()`` no rebuild starts, and a
/// rebuild that is running learns it from ``isStopped``.
final class DevBuildLoop: @unchecked Sendable {
    private let lock = NSLock()
    private var notices: [String] = []
    private var build: Process?
    private var stopped = false
    private var watcher: FileWatcher?

    /// Whether ``stop()`` was called.
    var isStopped: Bool { lock.withLock { stopped } }

    /// Watches `targets` and calls `rebuild` with each batch of changed paths, one batch at a
    /// time, on a thread named "viper dev builds", until ``stop()``.
    func watch(_ targets: [FileWatcher.Target], rebuild: @escaping @Sendable ([String]) -> Void) throws {
        let watcher = try FileWatcher(targets: targets, quietPeriod: 0.3)
        lock.withLock { self.watcher = watcher }
        let thread = Thread { [self] in
            while !isStopped {
                // An editor's or sed's temporary file that came and went is no change.
                let changes = watcher.waitForChanges(seconds: 1).filter {
                    FileManager.default.fileExists(atPath: $0) || $0.hasSuffix(".swift")
                }
                guard !changes.isEmpty, !isStopped else { continue }
                rebuild(changes)
            }
        }
        thread.name = "viper dev builds"
        thread.start()
    }

    /// Runs `arguments` (a `swift build`) in `folder`, keeping the process so ``stop()`` can end
    /// it; its status and everything it printed.
    func run(_ arguments: [String], in folder: String) -> (status: Int32, output: String) {
        let outcome = DevPackage.run(arguments, in: folder) { process in
            lock.withLock { build = process }
        }
        lock.withLock { build = nil }
        return (outcome.status, outcome.output + outcome.errors)
    }

    /// Adds notice lines for the shell. With `VIPER_RELOAD_PROBE_HEARD=1` (tests only) it says so
    /// on standard error, `probe: notice`: the event a test waits for before it sends the line
    /// that takes the notices.
    func post(_ lines: [String]) {
        lock.withLock { notices += lines }
        if Self.announcesNotices { FileHandle.standardError.write(Data("probe: notice\n".utf8)) }
    }

    private static let announcesNotices = ProcessInfo.processInfo.environment["VIPER_RELOAD_PROBE_HEARD"] == "1"

    /// The notices since the last call, oldest first.
    func takeNotices() -> [String] {
        lock.withLock {
            defer { notices.removeAll() }
            return notices
        }
    }

    /// Stops watching and ends a build that is running.
    func stop() {
        let (watcher, build) = lock.withLock {
            stopped = true
            return (self.watcher, self.build)
        }
        watcher?.stop()
        if let build, build.isRunning { build.terminate() }
    }

    /// The lines that say a build of `product` failed, with its errors.
    static func failureNotices(_ product: String, _ errors: [String]) -> [String] {
        ["build of \(product) failed; the previous build keeps serving:"] + errors.map { "  " + $0 }
    }
}
