import Foundation
import ViperCore

extension ChildProcess {
    /// Runs `body` in a copy of this process made with `fork`, its result the copy's exit
    /// status, with the same standard streams ``start(executable:arguments:environment:ownGroup:errorFile:)``
    /// gives a child: input from /dev/null, output on the pipe, error to `errorFile` (or nowhere).
    ///
    /// A copy skips what an `exec` costs a Swift program: loading and relocating the Swift
    /// runtime and Foundation again, about 20 ms of a cold start here. Only for a process with
    /// a single thread (``isAlone``): a lock another thread held at the `fork` would stay held
    /// in the copy for ever. The copy is made to look like a fresh program: every signal
    /// handler is back to the default (so a crash ends it with the signal, as in a child
    /// started with `SWIFT_BACKTRACE=enable=no`), every descriptor above 2 is closed, and it
    /// ends with `_exit`, running none of this process's `atexit` handlers or stdio flushes.
    package static func fork(ownGroup: Bool, errorFile: String?, body: () -> Int32) throws -> ChildProcess {
        let pipeEnds = try outputPipe(for: "a scanner")
        fflush(nil)  // what this process buffered must not be written twice, once by the copy
        let pid = Glibc.fork()
        if pid == 0 {
            if ownGroup { _ = setpgid(0, 0) }
            becomeFreshChild(output: pipeEnds[1], errorFile: errorFile)
            _exit(body())
        }
        close(pipeEnds[1])
        guard pid > 0 else {
            close(pipeEnds[0])
            throw HostError("cannot start a scanner (fork): \(String(cString: strerror(errno)))")
        }
        // Set from both sides, so the group exists whichever runs first (a stop() may come at once).
        if ownGroup { _ = setpgid(pid, pid) }
        return ChildProcess(pid: pid, output: pipeEnds[0], ownGroup: ownGroup)
    }

    /// Whether this process runs a single thread now (read from /proc/self/task; false if unreadable).
    package static var isAlone: Bool {
        guard let folder = opendir("/proc/self/task") else { return false }
        defer { closedir(folder) }
        var threads = 0
        while let entry = readdir(folder) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { threads += 1 }
            if threads > 1 { return false }
        }
        return threads == 1
    }

    /// In the copy: no memory shared with another process and no watcher of plugin code
    /// (``SharedMappings``), default signal handlers, the three standard streams set, every
    /// other descriptor closed.
    private static func becomeFreshChild(output: Int32, errorFile: String?) {
        SharedMappings.dropInCopy()
        PluginCodeWatch.watcher = nil
        IsolatedProcessWait.page = nil
        for signal in 1..<Int32(32) where signal != SIGKILL && signal != SIGSTOP {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { continue }
            // 0 is SIG_DFL and 1 is SIG_IGN; what is ignored stays ignored, as across exec.
            if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) > 1 {
                _ = Glibc.signal(signal, SIG_DFL)
            }
        }
        let input = open("/dev/null", O_RDONLY)
        let error = errorFile.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600) } ?? open("/dev/null", O_WRONLY)
        _ = dup2(output, STDOUT_FILENO)  // first: the pipe keeps its place whatever number it had
        if input >= 0 { _ = dup2(input, STDIN_FILENO) }
        if error >= 0 { _ = dup2(error, STDERR_FILENO) }
        closeDescriptorsAbove2()
    }

    /// Closes every descriptor above 2, as listed in /proc/self/fd (the parent's log, its
    /// terminal copies and its pipes to other scanners must not reach a plugin).
    private static func closeDescriptorsAbove2() {
        var open: [Int32] = []
        if let folder = opendir("/proc/self/fd") {
            let own = dirfd(folder)
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if let descriptor = Int32(name), descriptor > 2, descriptor != own { open.append(descriptor) }
            }
            closedir(folder)
        }
        for descriptor in open { close(descriptor) }
    }
}

/// Memory this process shares with another: a supervised worker's page and its journal's tail,
/// both shared with the supervisor, which reads them to name the plugin that crashed and to
/// restore the session. A copy made with ``ChildProcess/fork(ownGroup:errorFile:body:)`` (a
/// scanner at start-up) unmaps them before it runs anything: the plugins it loads must not be
/// able to write what the supervisor reads. They did, through the watcher the copy inherited:
/// the scanner's images went into the worker's table, and a later crash in the worker was
/// blamed on a plugin the scanner had loaded at the same address.
package enum SharedMappings {
    nonisolated(unsafe) private static var held: [(address: UnsafeMutableRawPointer, length: Int)] = []
    private static let lock = NSLock()

    /// Notes a mapping made with `MAP_SHARED` that copies must not keep.
    package static func add(_ address: UnsafeMutableRawPointer, length: Int) {
        lock.withLock { held.append((address, length)) }
    }

    /// The mapping at `address` was unmapped here.
    package static func remove(_ address: UnsafeMutableRawPointer) {
        lock.withLock { held.removeAll { $0.address == address } }
    }

    /// In a copy made with `fork`: unmaps them. The copy runs one thread (``ChildProcess/isAlone``),
    /// so the lock is free.
    static func dropInCopy() {
        for mapping in held { munmap(mapping.address, mapping.length) }
        held = []
    }
}
