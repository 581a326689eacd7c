import Foundation

/// A seccomp BPF filter for a boxed child. It refuses:
///
/// - the calls that reach the network: `socket()` for every address family (a sandboxed child
///   talks only on the descriptors it was given; `socketpair` stays allowed), and
///   `io_uring_setup` (io_uring can open sockets without the `socket` system call);
/// - the calls that change a file's metadata, which Landlock has no right for: modes
///   (`chmod`, `fchmod`, `fchmodat`, `fchmodat2`), owners (`chown`, `fchown`, `lchown`,
///   `fchownat`), extended attributes (`setxattr`, `lsetxattr`, `fsetxattr`, `setxattrat` and
///   their `remove` counterparts) and times (`utime`, `utimes`, `utimensat`, `futimesat`), each
///   with `EPERM`;
/// - process creation beyond threads: `fork`, `vfork`, and `clone` without `CLONE_THREAD`
///   (`EPERM`), which also holds the process limit for root, whom `RLIMIT_NPROC` does not bind.
///   `clone3` passes its flags in memory, which a filter cannot read, so it fails with `ENOSYS`:
///   the C library then falls back to `clone`, whose flags are its first argument.
///
/// - the kernel's key store (`add_key`, `request_key`, `keyctl`), which Landlock does not cover:
///   the keys of the account's keyrings (a file system's encryption key, a Kerberos ticket) are
///   readable by every process of the account. They fail with `ENOSYS`, as on a kernel without
///   keys, which libraries already handle;
/// - changing another process without a signal (Landlock's scope covers signals): resource
///   limits (`prlimit`), scheduling (`sched_setscheduler`, `sched_setparam`, `sched_setattr`,
///   `sched_setaffinity`) and priority (`setpriority`, `ioprio_set`) aimed at anything but the
///   boxed process itself (0 or its own id), with `EPERM`. viper started it, so viper is its
///   parent and of the same account: an address space limit of nothing would abort viper at its
///   next allocation.
///
/// Every other call is allowed. A call made under another architecture's numbering (32-bit
/// `int 0x80`, x32) ends the process: the numbers below would not mean the same.
///
/// Invariant: only `clone` and the calls that change a process read an argument; every other
/// verdict depends on the call's number and architecture alone, so the kernel's cache allows the
/// rest without running the program.
enum SeccompFilter {
    typealias Instruction = SeccompProgram.Instruction

    private static let load = SeccompProgram.load
    private static let jumpIfEqual = SeccompProgram.jumpIfEqual
    private static let jumpIfAnyBit = SeccompProgram.jumpIfAnyBit
    private static let `return` = SeccompProgram.return
    private static let allow = SeccompProgram.allow
    private static func fail(_ error: Int32) -> UInt32 { SeccompProgram.fail(error) }
    private static let firstArgumentOffset = SeccompProgram.argumentOffset(0)
    private static let cloneThread: UInt32 = 0x0001_0000  // CLONE_THREAD

    #if arch(x86_64)
        private static let socketCall: UInt32 = 41
        private static let clone: UInt32 = 56
        /// chmod, fchmod, fchmodat; chown, fchown, lchown, fchownat; setxattr, lsetxattr,
        /// fsetxattr, removexattr, lremovexattr, fremovexattr; utime, utimes, utimensat, futimesat.
        private static let metadataCalls: [UInt32] = [
            90, 91, 268, 92, 93, 94, 260, 188, 189, 190, 197, 198, 199, 132, 235, 280, 261,
        ]
        /// fork, vfork.
        private static let processCalls: [UInt32] = [57, 58]
        /// add_key, request_key, keyctl.
        private static let keyCalls: [UInt32] = [248, 249, 250]
    #elseif arch(arm64)
        private static let socketCall: UInt32 = 198
        private static let clone: UInt32 = 220
        /// fchmod, fchmodat; fchownat, fchown; setxattr, lsetxattr, fsetxattr, removexattr,
        /// lremovexattr, fremovexattr; utimensat (the rest of the family does not exist here).
        private static let metadataCalls: [UInt32] = [52, 53, 54, 55, 5, 6, 7, 14, 15, 16, 88]
        private static let processCalls: [UInt32] = []
        private static let keyCalls: [UInt32] = [217, 218, 219]
    #endif
    /// Numbered alike on every architecture: fchmodat2, setxattrat, removexattrat (newer than
    /// some kernels' headers; an older kernel never sees them, and refuses them anyway).
    private static let newerMetadataCalls: [UInt32] = [452, 463, 466]
    private static let ioUringSetup: UInt32 = 425
    private static let clone3: UInt32 = 435

    /// Each call refused by its number alone, with the value the filter returns for it.
    static let refusals: [(call: UInt32, action: UInt32)] =
        [(socketCall, fail(EACCES)), (ioUringSetup, fail(ENOSYS)), (clone3, fail(ENOSYS))]
        + (metadataCalls + newerMetadataCalls).map { ($0, fail(EPERM)) }
        + processCalls.map { ($0, fail(EPERM)) }
        + keyCalls.map { ($0, fail(ENOSYS)) }

    /// The filter for process `process`, reading `struct seccomp_data`; with `allowingNetwork`,
    /// `socket` is not refused (an isolated plugin the person allowed the network by name).
    static func program(allowingNetwork: Bool, process: pid_t) -> [Instruction] {
        var program = SeccompProgram.sameArchitectureOnly
        for (call, action) in refusals where !(allowingNetwork && call == socketCall) {
            program.append(Instruction(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 1, value: call))
            program.append(Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: action))
        }
        // The calls that change a process: allowed on the boxed process itself (0 or its id).
        let itself = UInt32(bitPattern: process)
        let onlyItself = [
            Instruction(code: jumpIfEqual, jumpIfTrue: 2, jumpIfFalse: 0, value: 0),
            Instruction(code: jumpIfEqual, jumpIfTrue: 1, jumpIfFalse: 0, value: itself),
            Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: fail(EPERM)),
            Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: allow),
        ]
        for call in SeccompProgram.changesByProcess {
            let body = [Instruction(code: load, jumpIfTrue: 0, jumpIfFalse: 0, value: firstArgumentOffset)] + onlyItself
            program += [Instruction(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: UInt8(body.count), value: call)] + body
        }
        // setpriority and ioprio_set: a process only (a group or the account is refused).
        let priorities = [
            (SeccompProgram.setPriority, SeccompProgram.priorityTargets.process),
            (SeccompProgram.ioPrioritySet, SeccompProgram.ioPriorityTargets.process),
        ]
        for (call, byProcess) in priorities {
            let body =
                [
                    Instruction(code: load, jumpIfTrue: 0, jumpIfFalse: 0, value: firstArgumentOffset),
                    Instruction(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 3, value: byProcess),
                    Instruction(code: load, jumpIfTrue: 0, jumpIfFalse: 0, value: SeccompProgram.argumentOffset(1)),
                ] + onlyItself
            program += [Instruction(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: UInt8(body.count), value: call)] + body
        }
        // clone: a thread (CLONE_THREAD) is allowed, any other child refused. Last, as it
        // replaces the call's number with its argument.
        program += [
            Instruction(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 3, value: clone),
            Instruction(code: load, jumpIfTrue: 0, jumpIfFalse: 0, value: firstArgumentOffset),
            Instruction(code: jumpIfAnyBit, jumpIfTrue: 1, jumpIfFalse: 0, value: cloneThread),
            Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: fail(EPERM)),
            Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: allow),
        ]
        return program
    }

    /// Whether the kernel takes seccomp filters (`SECCOMP_GET_ACTION_AVAIL` for `SECCOMP_RET_ERRNO`).
    static func isAvailable() -> Bool {
        var action = fail(0)
        return withUnsafeMutablePointer(to: &action) { Syscall.call(Syscall.seccomp, 2, 0, Int(bitPattern: $0)) } == 0
    }

    /// Installs the filter on every thread of this process (`SECCOMP_FILTER_FLAG_TSYNC`), or on
    /// this one when that is refused. `no_new_privs` must be set. Returns whether it is in force.
    static func install(allowingNetwork: Bool = false) -> Bool {
        SeccompProgram.install(program(allowingNetwork: allowingNetwork, process: getpid()), allThreads: true)
    }
}
