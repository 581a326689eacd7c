import Foundation

/// The box a child runs plugin code in before the person chose to use it: the scanner
/// (`viper __scan`, forked or spawned) and `viper check`'s child. Built from the kernel's own
/// mechanisms, applied by the child to itself after `fork`/`exec` and before the first
/// `dlopen` (a plugin's constructors run inside `dlopen`), and kept by everything it starts:
///
/// - resource limits: address space (``Limits/memory``, generous: the Swift runtime reserves
///   much it never touches), CPU seconds, the size of any file written, no core files, and
///   processes (the user's count now plus a few, so a fork bomb stops at once); for root, whom
///   `RLIMIT_NPROC` does not bind, a pids cgroup of the child's own caps its threads where one
///   can be made (``CgroupLimit``);
/// - `PR_SET_NO_NEW_PRIVS`: nothing it runs gains rights (set-user-ID programs), which
///   Landlock and seccomp require anyway;
/// - no capabilities but file access's: the bounding, ambient, effective, permitted and
///   inheritable sets emptied of all but CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, so a child
///   run as root keeps root's user id and its reach into files (which Landlock bounds either
///   way) but none of root's powers over the machine (loading kernel modules, setting the clock
///   or the host's name, rebooting);
/// - Landlock: reading and running only beneath ``readable`` (the system's folders, the
///   folders of the libraries mapped now, the plugins' folders), writing only beneath
///   ``writable`` (a private temporary folder the parent removes); from ABI 4 no TCP bind or
///   connect, from ABI 6 no abstract UNIX socket or signal reaching outside the box;
/// - seccomp (``SeccompFilter``): no `socket()` of any family, no io_uring, no change to any
///   file's mode, owner, extended attributes or times (Landlock has no right for these), and no
///   process but threads (which holds the process limit for root, whom `RLIMIT_NPROC` does not bind).
///
/// Invariants: applying never fails the child. What the kernel lacks is left out, and
/// ``SandboxSupport`` says so in one line; `VIPER_SANDBOX=off` (for measuring its cost, and
/// for tests whose plugins report through files) leaves the child as it was. Landlock and
/// `no_new_privs` bind the calling thread and the threads and processes it starts, so the
/// child applies them while it runs a single thread (the scanner and the check child do it
/// first thing); seccomp is synchronised to every thread.
///
/// How the pieces fit: ``Landlock``, ``SeccompFilter`` (on ``SeccompProgram``) and
/// ``CgroupLimit`` are the mechanisms; `Sandbox+Paths` and `Sandbox+Loading` work out what may
/// be read (the prescan keeps each plugin open for the loader: ``PreopenedFiles``);
/// `Sandbox+Layers` turns pieces off by name for measuring; ``SandboxSupport`` says what the
/// kernel offers, for `viper doctor` and `viper check`.
package struct Sandbox: Sendable {
    /// Folders and files whose contents may be read and run.
    package var readable: [String]
    /// The one folder that may be written in (created by the parent, private to this child).
    package var writable: String
    package var limits = Limits()
    /// The layers put in force (all but those `VIPER_SANDBOX=no-...` leaves out, to measure them).
    package var layers = Layers.all
    /// Leave TCP and `socket` alone: for an isolated plugin the person allowed the network by name.
    package var allowsNetwork = false

    /// Resource limits, each soft and hard at once (a child cannot raise them again).
    package struct Limits: Sendable {
        /// Address space, bytes.
        package var memory: UInt64 = 16 << 30
        /// CPU time, seconds; past it the kernel ends the child with SIGXCPU (the parent names it).
        package var cpuSeconds: UInt64 = 300
        /// Largest file the child may write, bytes (a database in a check's data folder fits).
        package var fileSize: UInt64 = 256 << 20
        /// Processes and threads the user may run beyond those running now.
        package var extraProcesses: UInt64 = 256

        package init() {}
    }

    /// What was put in force.
    package struct Applied: Equatable, Sendable {
        package var landlock: Int?
        package var seccomp = false
        package var noNewPrivileges = false
        /// Whether a pids cgroup of its own caps the child's threads (``CgroupLimit``).
        package var cgroup = false
    }

    package init(readable: [String], writable: String) {
        self.readable = readable
        self.writable = writable
    }

    /// Whether the person turned the sandbox off (`VIPER_SANDBOX=off`).
    package static func isTurnedOff(_ environment: [String: String]) -> Bool {
        environment["VIPER_SANDBOX"] == "off"
    }

    /// Puts this process in the box, as far as the kernel allows; says what is in force.
    @discardableResult
    package func apply() -> Applied {
        var applied = Applied()
        if layers.contains(.limits) {
            setLimits()
            applied.cgroup = CgroupLimit.enter(tasks: Self.threadsOfThisProcess() + limits.extraProcesses)
        }
        applied.noNewPrivileges = Syscall.prctl(38, 1) == 0  // PR_SET_NO_NEW_PRIVS
        guard applied.noNewPrivileges else { return applied }
        if layers.contains(.seccomp) { Self.dropCapabilities() }
        if layers.contains(.landlock), let abi = Landlock.abiVersion(), let ruleset = Landlock.Ruleset(abi: abi, allowingNetwork: allowsNetwork) {
            for path in readable { ruleset.allow(.readAndRun, beneath: path) }
            ruleset.allow(Landlock.FileRights.handled(abi: abi), beneath: writable)
            for device in ["/dev/null", "/dev/zero", "/dev/full"] {
                ruleset.allow([.readFile, .writeFile], beneath: device)
            }
            if ruleset.restrict() { applied.landlock = abi }
        }
        applied.seccomp = layers.contains(.seccomp) && SeccompFilter.install(allowingNetwork: allowsNetwork)
        return applied
    }

    /// Empties every capability set but ``kept``: the bounding set first (dropping from it needs
    /// CAP_SETPCAP, which the rest takes away), then the ambient set, then effective, permitted
    /// and inheritable at once. Without capabilities (anyone but root) the drops from the
    /// bounding set fail and change nothing, and the rest keeps none.
    ///
    /// File access's two are kept: Landlock decides what the box reaches whatever they say, and
    /// without them root could no longer pass a folder of another account's on the way to its
    /// own files there (`sudo -E` keeps a person's HOME, and so viper's data folder in it).
    private static func dropCapabilities() {
        let lastText = try? String(contentsOfFile: "/proc/sys/kernel/cap_last_cap", encoding: .utf8)
        let last = lastText.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 63
        for capability in 0...max(0, min(last, 63)) where !kept.contains(capability) {
            _ = Syscall.prctl(24, capability)  // PR_CAPBSET_DROP
        }
        _ = Syscall.call(Syscall.prctl, 47, 4)  // PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL
        // struct __user_cap_header_struct { version 3, this process }; two data structs
        // { effective, permitted, inheritable }, capabilities 0-31 then 32-63.
        var header: (UInt32, Int32) = (0x2008_0522, 0)
        let mask = kept.reduce(UInt32(0)) { $0 | 1 << UInt32($1) }
        var sets: [UInt32] = [mask, mask, 0, 0, 0, 0]
        _ = withUnsafeMutablePointer(to: &header) { header in
            sets.withUnsafeMutableBufferPointer { sets in
                Syscall.call(Syscall.capset, Int(bitPattern: header), Int(bitPattern: sets.baseAddress))
            }
        }
    }

    /// CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, which a process without them never had.
    private static let kept = [1, 2]

    private func setLimits() {
        set(RLIMIT_AS, limits.memory)
        set(RLIMIT_CPU, limits.cpuSeconds)
        set(RLIMIT_FSIZE, limits.fileSize)
        set(RLIMIT_CORE, 0)
        set(__rlimit_resource(rawValue: 6), Self.tasksNow() + limits.extraProcesses)  // RLIMIT_NPROC, not imported
    }

    /// Lowers a limit to `value` (never raises one the parent set lower).
    private func set(_ resource: __rlimit_resource, _ value: UInt64) {
        let kind = __rlimit_resource_t(resource.rawValue)
        var limit = rlimit()
        guard getrlimit(kind, &limit) == 0 else { return }
        let target = rlim_t(value)
        limit.rlim_cur = min(limit.rlim_cur, target)
        limit.rlim_max = min(limit.rlim_max, target)
        _ = setrlimit(kind, &limit)
    }

    /// The threads this process runs now (the entries of /proc/self/task).
    static func threadsOfThisProcess() -> UInt64 {
        guard let directory = opendir("/proc/self/task") else { return 1 }
        defer { closedir(directory) }
        var count: UInt64 = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return max(1, count)
    }

    /// Threads running on the machine now (`/proc/loadavg`'s fourth field, `running/total`): at
    /// least the user's own count, which is what `RLIMIT_NPROC` counts, read in one small read.
    static func tasksNow() -> UInt64 {
        var bytes = [UInt8](repeating: 0, count: 128)
        let descriptor = open("/proc/loadavg", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 32768 }
        let count = read(descriptor, &bytes, bytes.count)
        close(descriptor)
        return tasks(loadAverage: bytes.prefix(max(0, count))) ?? 32768
    }

    /// The total of `/proc/loadavg`'s fourth field (`running/total`), or nil when it has none.
    static func tasks(loadAverage text: ArraySlice<UInt8>) -> UInt64? {
        let fields = text.split(separator: UInt8(ascii: " "))
        guard fields.count >= 4, let total = fields[3].split(separator: UInt8(ascii: "/")).last else { return nil }
        return UInt64(String(decoding: total, as: UTF8.self))
    }
}
