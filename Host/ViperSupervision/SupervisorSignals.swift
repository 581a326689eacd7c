import Foundation
import ViperLoading

/// The supervisor's signals. SIGCHLD wakes its `poll` through a pipe (the self-pipe trick);
/// SIGTERM, SIGHUP and SIGQUIT are passed on to the worker and end the session as they would an
/// unsupervised one; SIGINT is the worker's first: at a terminal Ctrl-C reaches both processes,
/// otherwise the supervisor passes it on; either way the supervisor counts it and wakes, so that a
/// second Ctrl-C during a command the worker did not stop ends the worker whatever its plugin
/// code did with its signals (``SupervisorLoop``). A worker starts with every one of these back at
/// the default, and under ``WorkerSignalFilter``, which keeps its signals off the supervisor.
enum SupervisorSignals {
    nonisolated(unsafe) static var wakeRead: Int32 = -1
    nonisolated(unsafe) private static var wakeWrite: Int32 = -1
    /// The worker running now (0: none), for passing signals on.
    nonisolated(unsafe) static var worker: pid_t = 0
    nonisolated(unsafe) private static var receivedSignal: Int32 = 0
    /// Ctrl-Cs received since ``takeInterrupts()``.
    nonisolated(unsafe) private static var interrupts: Int32 = 0
    static let passedOn: [Int32] = [SIGTERM, SIGHUP, SIGQUIT]

    /// A signal the supervisor received and passed on, if any.
    static var received: Int32? { receivedSignal == 0 ? nil : receivedSignal }

    /// `passInterrupt`: pass SIGINT on to the worker (a session whose input is not a terminal).
    static func install(passInterrupt: Bool) {
        // A parent may start viper with signals blocked (Foundation's Process from a thread that
        // blocks them): a blocked SIGCHLD would never wake the supervisor, whose worker then stays
        // a zombie. Unblock what the supervisor handles.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in passedOn + [SIGCHLD, SIGINT] { sigaddset(&handled, number) }
        _ = sigprocmask(SIG_UNBLOCK, &handled, nil)
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            wakeRead = ends[0]
            wakeWrite = ends[1]
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        _ = signal(SIGCHLD) { _ in
            var byte: UInt8 = 1
            _ = write(SupervisorSignals.wakeWrite, &byte, 1)
        }
        for passed in passedOn {
            _ = signal(passed) { received in
                SupervisorSignals.receivedSignal = received
                if SupervisorSignals.worker > 0 { kill(SupervisorSignals.worker, received) }
            }
        }
        if passInterrupt {
            // Not a terminal's Ctrl-C (which reaches the worker too): a SIGINT sent to viper, for the worker.
            _ = signal(SIGINT) { received in
                if SupervisorSignals.worker > 0 { kill(SupervisorSignals.worker, received) }
                SupervisorSignals.countInterrupt()
            }
        } else {
            _ = signal(SIGINT) { _ in SupervisorSignals.countInterrupt() }
        }
        _ = signal(SIGPIPE, SIG_IGN)
    }

    private static func countInterrupt() {
        interrupts += 1
        var byte: UInt8 = 2
        _ = write(wakeWrite, &byte, 1)
    }

    /// The Ctrl-Cs received since the last call.
    static func takeInterrupts() -> Int {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        var previous = sigset_t()
        _ = sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer {
            interrupts = 0
            _ = sigprocmask(SIG_SETMASK, &previous, nil)
        }
        return Int(interrupts)
    }

    static func uninstall() {
        for handled in passedOn + [SIGCHLD, SIGINT, SIGPIPE] { _ = signal(handled, SIG_DFL) }
    }

    /// In a new worker: the defaults back, the supervisor's pipe closed, and the worker set to die
    /// with the supervisor (SIGKILL of `viper` ends the session as a power cut would, not half of it).
    static func resetInWorker(supervisor: pid_t) {
        for handled in passedOn + [SIGCHLD, SIGINT, SIGPIPE] { _ = signal(handled, SIG_DFL) }
        close(wakeRead)
        close(wakeWrite)
        // prctl is variadic, which Swift does not import; its arguments are integers, so a plain call does.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let prctl = dlsym(nil, "prctl").map({ unsafeBitCast($0, to: Prctl.self) }) {
            let setDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
            _ = prctl(setDeathSignal, UInt(SIGKILL), 0, 0, 0)
        }
        if getppid() != supervisor { _exit(1) }  // it died before the call
        // The worker is an ordinary process again: its crashes may dump core, and its own
        // supervisor may read its /proc files.
        _ = Syscall.prctl(setDumpable, 1)
        WorkerSignalFilter.install(supervisor: supervisor)
        // Root's CAP_SYS_PTRACE passes over a process that is not dumpable; a Landlock domain
        // of the worker's own keeps the supervisor's memory and descriptors out of its reach.
        _ = ProcessDomain.enter()
    }

    /// Makes the supervisor not dumpable: another process of the same account can then neither
    /// attach to it nor open its `/proc/PID/mem`, `maps` or descriptors without CAP_SYS_PTRACE.
    /// The worker's filter refuses `ptrace` and `process_vm_writev`, but an `open` of a file under
    /// /proc is a call it cannot tell from any other, so plugin code could otherwise write the
    /// supervisor's memory. Workers are forked from it and made dumpable again (``resetInWorker``).
    static func keepMemoryOutOfReach() {
        _ = Syscall.prctl(setDumpable, 0)
    }

    private static let setDumpable: Int32 = 4  // PR_SET_DUMPABLE

    /// Makes the supervisor the reaper of every process the worker leaves behind (a daemon it
    /// started, a child of a child), so they can be ended with it (``endOrphans(except:)``).
    static func becomeSubreaper() {
        let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER
        _ = Syscall.prctl(setChildSubreaper, 1)
    }

    /// Ends (SIGKILL) and reaps every child of the supervisor but `worker` (0: all): what a worker's
    /// plugin started outlives no worker. Children of a child killed here become the supervisor's
    /// in turn, so it goes on until none is left.
    ///
    /// A child in a session other than the supervisor's (a daemon that called `setsid`) is ended
    /// with its whole process group in one `kill`: the kernel lets no process of the group finish
    /// a `fork` past that signal, so a daemon that keeps starting its successor and exiting is
    /// caught whole. Every process of such a session descends from the worker (a session is only
    /// inherited or made anew), so nothing of the person's is in that group.
    static func endOrphans(except worker: pid_t = 0) {
        let session = getsid(0)
        for _ in 0..<256 {
            let children = childrenOfThisProcess().filter { $0 != worker }
            guard !children.isEmpty else { return }
            for child in children {
                let group = getpgid(child)
                if group > 1, getsid(child) != session { kill(-group, SIGKILL) }
                kill(child, SIGKILL)
            }
            for child in children {
                var status: Int32 = 0
                _ = waitpid(child, &status, 0)
            }
        }
    }

    /// The process ids whose parent is this process: each thread's `children` under /proc/self/task,
    /// or, where the kernel has no such file, every `/proc/PID/stat`.
    static func childrenOfThisProcess() -> [pid_t] {
        if let listed = listedChildren() { return listed }
        let own = getpid()
        guard let folder = opendir("/proc") else { return [] }
        defer { closedir(folder) }
        var found: [pid_t] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), pid != own, parent(of: pid) == own else { continue }
            found.append(pid)
        }
        return found
    }

    /// The children the kernel lists for each of this process's threads; nil without those files.
    private static func listedChildren() -> [pid_t]? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
        var found: [pid_t] = []
        for task in tasks {
            guard let listed = try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8) else { return nil }
            found += listed.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return found
    }

    /// The parent of `pid`, from `/proc/PID/stat` (nil when it is gone).
    static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        // "PID (COMM) STATE PPID ...": COMM may hold spaces and parentheses, so read after the last ')'.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    static func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Ends this process as `signal` would have (the default action), or returns 128 + signal.
    static func endAsReceived(_ received: Int32) -> Int32 {
        uninstall()
        fflush(nil)
        raise(received)
        return 128 + received
    }
}
