import Foundation
import ViperLoading

/// Watches folders and files with Linux inotify and reports, after a quiet period, which
/// files were created, rewritten, renamed into place or removed. It knows nothing of
/// plugins or of the shell: the shell watches its plugin folders with it
/// (``FileWatcher/plugins(in:)``) and `viper dev` a package's sources.
///
/// - **What counts as a change**: a file created (`IN_CREATE`), written and closed
///   (`IN_CLOSE_WRITE`: also a file copied over in place, same inode), renamed into or
///   out of the folder (a build that writes `x.tmp` and renames it over `x.so`), removed,
///   or whose owner or mode changed (`IN_ATTRIB`: `chmod go-w` makes a refused plugin
///   trusted).
/// - **Coalescing** (``ChangeCoalescer``): every event on a path restarts its quiet period
///   (``quietPeriod``); the path is reported once when nothing happened to it for that long,
///   together with the other paths touched meanwhile (one batch per build). A file still
///   open for writing (written to, not yet closed) waits up to ``writeSilence`` more, so
///   a slow copy is not reported half-written.
/// - **Folders that do not exist (yet)**: the nearest existing parent is watched instead,
///   and when the folder appears (`mkdir -p` later, or a rename) it is watched and the
///   files already in it are reported as new. A watched folder that is removed falls back
///   the same way. Nothing fails for a missing folder.
/// - **Threads**: events are read on a thread of the watcher's own; the changes are
///   taken with ``takeChanges()`` (never blocks) or ``waitForChanges(seconds:)`` on any
///   thread. The watcher never calls back, so whoever takes the changes acts on its own
///   thread.
package final class FileWatcher: @unchecked Sendable {
    /// A folder (its files; with `recursive`, those of its subfolders too) or one file.
    package struct Target: Sendable {
        package let path: String
        package let recursive: Bool
        /// Whether a file of this name counts (folders only; a file target counts its own name).
        package let accepts: @Sendable (String) -> Bool
        /// A file target: its parent folder is watched for its name.
        package let isFile: Bool

        package static func folder(
            _ path: String, recursive: Bool = false,
            accepts: @escaping @Sendable (String) -> Bool = { !$0.hasPrefix(".") }
        ) -> Target {
            Target(path: Paths.absolute(path), recursive: recursive, accepts: accepts, isFile: false)
        }

        package static func file(_ path: String) -> Target {
            let absolute = Paths.absolute(path)
            let name = Paths.lastComponent(absolute)
            return Target(path: absolute, recursive: false, accepts: { $0 == name }, isFile: true)
        }

        /// The folder inotify watches for this target.
        var folder: String { isFile ? Paths.parent(path) : path }
    }

    package let targets: [Target]
    /// How long a path must stay untouched before it is reported (seconds).
    package let quietPeriod: Double
    /// How much longer a file written to but not yet closed may stay silent before it is reported anyway.
    package let writeSilence: Double

    let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var ready = Set<String>()
    private var running = true
    private var finished = false
    // Only the watcher's thread touches these after `init`.
    var watches: [String: (descriptor: Int32, mask: UInt32)] = [:]
    var paths: [Int32: String] = [:]
    /// The paths touched and not yet quiet, and the rule that releases them.
    var coalescer: ChangeCoalescer

    /// Called on the watcher's thread each time changes become ready to take, with how many are
    /// waiting (tests wait for it instead of sleeping past the quiet period; see `VIPER_RELOAD_PROBE`).
    private let onReady: (@Sendable (Int) -> Void)?

    /// A failure to set up inotify (too many instances or watches), with what to do.
    package struct SetupError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts watching `targets` at once (changes before this call are not reported).
    package init(
        targets: [Target], quietPeriod: Double = 0.25, writeSilence: Double = 2,
        onReady: (@Sendable (Int) -> Void)? = nil
    ) throws {
        self.targets = targets
        self.onReady = onReady
        self.quietPeriod = quietPeriod
        self.writeSilence = writeSilence
        coalescer = ChangeCoalescer(quietPeriod: quietPeriod, writeSilence: writeSilence)
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else {
            let code = errno
            let raise = Self.outOfOpenFiles(code) ? Self.raiseOpenFiles : "raise fs.inotify.max_user_instances"
            throw SetupError(
                description: "cannot watch plugin files: inotify_init1 failed (\(String(cString: strerror(code)))); \(raise), or run with --no-watch")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let code = errno
            close(inotify)
            throw SetupError(
                description: "cannot watch plugin files: pipe failed (\(String(cString: strerror(code)))); \(Self.raiseOpenFiles), or run with --no-watch")
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = arm(reportingNew: false)
        let thread = Thread { [self] in run() }
        thread.name = "viper file watcher"
        thread.start()
    }

    deinit {
        stop()
        close(inotify)
        close(wakeRead)
        close(wakeWrite)
    }

    /// The paths that changed and then stayed quiet since the last call, sorted; empty when none.
    package func takeChanges() -> [String] {
        condition.withLock {
            defer { ready.removeAll() }
            return ready.sorted()
        }
    }

    /// Waits at most `seconds` for changes, then takes them (empty: none came, or the watcher stopped).
    package func waitForChanges(seconds: Double) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        return condition.withLock {
            while ready.isEmpty, running, condition.wait(until: deadline) {}
            defer { ready.removeAll() }
            return ready.sorted()
        }
    }

    /// Stops the watcher's thread and waits for it; later calls do nothing.
    package func stop() {
        let wasRunning = condition.withLock {
            defer {
                running = false
                condition.broadcast()
            }
            return running
        }
        guard wasRunning else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        condition.withLock {
            while !finished { condition.wait() }
        }
    }

    // MARK: The watcher's thread

    private func run() {
        defer {
            condition.withLock {
                finished = true
                condition.broadcast()
            }
        }
        var descriptors = [
            pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while condition.withLock({ running }) {
            let timeout = nextTimeout(now: Self.now())
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let count = poll(&descriptors, 2, timeout)
            if count < 0 && errno != EINTR { return }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents != 0 { readEvents() }
            settle(now: Self.now())
        }
    }

    /// Milliseconds until the pending paths may settle; -1 (wait for events) when none is pending.
    private func nextTimeout(now: Double) -> Int32 {
        guard let due = coalescer.nextDue else { return -1 }
        return Int32(max(0, min(60_000, (due - now) * 1000 + 1)))
    }

    /// Moves the paths ``ChangeCoalescer`` releases to the changes ready to be taken.
    private func settle(now: Double) {
        let quiet = coalescer.settle(at: now)
        guard !quiet.isEmpty else { return }
        let waiting = condition.withLock {
            ready.formUnion(quiet)
            condition.broadcast()
            return ready.count
        }
        onReady?(waiting)
    }

    /// Notes an event on `path`: it restarts the path's quiet period.
    func touch(_ path: String, writing: Bool?) {
        coalescer.touch(path, writing: writing, at: Self.now())
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension FileWatcher {
    static let raiseOpenFiles = OpenFileLimit.raise

    /// Whether `code` (an inotify_init1 failure) means this process, or the system, has no open file
    /// to spare, rather than the per-user limit of inotify instances (both are EMFILE).
    static func outOfOpenFiles(_ code: Int32) -> Bool {
        guard code == EMFILE else { return code == ENFILE }
        let probe = dup(STDERR_FILENO)
        guard probe >= 0 else { return errno == EMFILE }
        close(probe)
        return false
    }
}
