import Foundation

/// Waits for an event outside the test's own children, woken by the kernel rather than a timer:
/// another process's end (a pidfd) and a line a process writes to a file (inotify).
enum ProcessWaits {
    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// Whether process `pid` (not a child of ours, so no `waitpid`) ends within the time: a
    /// pidfd becomes readable at its exit (glibc 2.36's `pidfd_open`; Linux 5.3).
    static func hasEnded(_ pid: pid_t, withinMilliseconds timeout: Int32) -> Bool {
        guard let symbol = dlsym(nil, "pidfd_open") else { return kill(pid, 0) != 0 }
        let descriptor = unsafeBitCast(symbol, to: PidfdOpen.self)(pid, 0)
        guard descriptor >= 0 else { return errno == ESRCH }  // gone already
        defer { close(descriptor) }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, timeout) == 1
    }

    /// Whether the file at `path` holds `text` within the time: it is read again each time a file
    /// of its folder is created or written (inotify on the folder, which must exist).
    static func file(_ path: String, contains text: String, withinMilliseconds timeout: Int32) -> Bool {
        func holds() -> Bool { (try? String(contentsOfFile: path, encoding: .utf8))?.contains(text) == true }
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard watch >= 0 else { return holds() }
        defer { close(watch) }
        guard inotify_add_watch(watch, (path as NSString).deletingLastPathComponent, UInt32(IN_CREATE | IN_MODIFY | IN_MOVED_TO)) >= 0 else {
            return holds()
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if holds() { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var entry = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32((deadline - now) / 1_000_000) + 1)
            while buffer.withUnsafeMutableBytes({ read(watch, $0.baseAddress, $0.count) }) > 0 {}
        }
    }
}
