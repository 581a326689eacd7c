import Foundation
import ViperLoading

/// The seccomp filter a supervised worker runs under, so that plugin code cannot take its
/// supervisor down or hide from it. Installed in the worker right after the `fork`, before any
/// plugin loads; every process the worker starts inherits it.
///
/// It refuses (EPERM), and allows everything else:
/// - any signal to the supervisor, by its process id (`kill`, `tkill`, `tgkill`,
///   `rt_sigqueueinfo`, `rt_tgsigqueueinfo`) or by its process group (`kill(0)`, `kill(-PGID)`),
///   and `kill(-1)` (every process the account owns);
/// - `pidfd_open` of the supervisor and `pidfd_send_signal` (a pidfd can also come from a
///   `/proc/PID` folder, so the target cannot be told);
/// - `ptrace`, `process_vm_readv` and `process_vm_writev` (another process's memory);
/// - the signals that only come from outside (SIGKILL, SIGSTOP, SIGTERM, SIGHUP, SIGQUIT,
///   SIGPIPE) sent by the worker to itself or one of its threads: when the worker dies of one of
///   them, it was not its own code, so no plugin is blamed.
///
/// A call under another architecture's numbering (32-bit `int 0x80`, x32) ends the process: the
/// numbers below would not mean the same.
enum WorkerSignalFilter {
    private struct Instruction {
        var code: UInt16
        var jumpIfTrue: UInt8
        var jumpIfFalse: UInt8
        var value: UInt32
    }

    private struct Program {
        var count: UInt16
        var instructions: UnsafePointer<Instruction>?
    }

    private static let load: UInt16 = 0x20  // BPF_LD | BPF_W | BPF_ABS
    private static let jumpIfEqual: UInt16 = 0x15  // BPF_JMP | BPF_JEQ | BPF_K
    private static let jumpIfAtLeast: UInt16 = 0x35  // BPF_JMP | BPF_JGE | BPF_K
    private static let `return`: UInt16 = 0x06  // BPF_RET | BPF_K
    private static let killProcess: UInt32 = 0x8000_0000
    private static let allow: UInt32 = 0x7fff_0000
    private static let refuse: UInt32 = 0x0005_0000 | UInt32(EPERM)  // SECCOMP_RET_ERRNO
    private static let x32Base: UInt32 = 0x4000_0000

    #if arch(x86_64)
        private static let architecture: UInt32 = 0xC000_003E  // AUDIT_ARCH_X86_64
        private static let kill: UInt32 = 62
        private static let tkill: UInt32 = 200
        private static let tgkill: UInt32 = 234
        private static let sigqueue: UInt32 = 129
        private static let threadSigqueue: UInt32 = 297
        private static let ptrace: UInt32 = 101
        private static let vmRead: UInt32 = 310
        private static let vmWrite: UInt32 = 311
    #elseif arch(arm64)
        private static let architecture: UInt32 = 0xC000_00B7  // AUDIT_ARCH_AARCH64
        private static let kill: UInt32 = 129
        private static let tkill: UInt32 = 130
        private static let tgkill: UInt32 = 131
        private static let sigqueue: UInt32 = 138
        private static let threadSigqueue: UInt32 = 240
        private static let ptrace: UInt32 = 117
        private static let vmRead: UInt32 = 270
        private static let vmWrite: UInt32 = 271
    #endif
    private static let pidfdSendSignal: UInt32 = 424
    private static let pidfdOpen: UInt32 = 434

    /// The signals a worker may not send itself.
    static let fromOutsideOnly: [Int32] = [SIGKILL, SIGSTOP, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]

    /// `struct seccomp_data`: the call's number at 0, the architecture at 4, argument N's low
    /// 32 bits at 16 + 8N (a process id and a signal number are `int`s: the kernel reads only those).
    private static func argument(_ index: Int) -> UInt32 { UInt32(16 + 8 * index) }

    private static func instruction(_ code: UInt16, _ value: UInt32, _ jumpIfTrue: UInt8 = 0, _ jumpIfFalse: UInt8 = 0) -> Instruction {
        Instruction(code: code, jumpIfTrue: jumpIfTrue, jumpIfFalse: jumpIfFalse, value: value)
    }

    /// Refuses when the loaded word is `value`.
    private static func refuseIf(_ value: UInt32) -> [Instruction] {
        [instruction(jumpIfEqual, value, 0, 1), instruction(`return`, refuse)]
    }

    /// Refuses when argument `signal` is one of ``fromOutsideOnly``.
    private static func refuseOutsideSignals(argument signal: Int) -> [Instruction] {
        [instruction(load, argument(signal))] + fromOutsideOnly.flatMap { refuseIf(UInt32(bitPattern: $0)) }
    }

    /// When argument `target` is the worker itself, refuses ``fromOutsideOnly`` in argument `signal`.
    private static func refuseOwnOutsideSignals(target: Int, signal: Int, worker: pid_t) -> [Instruction] {
        let checks = refuseOutsideSignals(argument: signal)
        return [instruction(load, argument(target)), instruction(jumpIfEqual, UInt32(bitPattern: worker), 0, UInt8(checks.count))] + checks
    }

    /// The checks of one system call, skipped unless it is `number`; they end in "allow".
    private static func call(_ number: UInt32, _ checks: [Instruction]) -> [Instruction] {
        let body = checks + [instruction(`return`, allow)]
        return [instruction(load, 0), instruction(jumpIfEqual, number, 0, UInt8(body.count))] + body
    }

    /// The program for a worker `worker` whose supervisor is `supervisor`, in process group `group`.
    private static func instructions(worker: pid_t, supervisor: pid_t, group: pid_t) -> [Instruction] {
        let parent = UInt32(bitPattern: supervisor)
        let byProcess: [Instruction] =
            [instruction(load, argument(0))] + refuseIf(parent) + refuseIf(0) + refuseIf(UInt32(bitPattern: -1))
            + refuseIf(UInt32(bitPattern: -group))
        let byThread = [instruction(load, argument(0))] + refuseIf(parent)
        var program = [
            instruction(load, 4), instruction(jumpIfEqual, architecture, 1, 0), instruction(`return`, killProcess),
            instruction(load, 0), instruction(jumpIfAtLeast, x32Base, 0, 1), instruction(`return`, killProcess),
        ]
        program += call(kill, byProcess + refuseOwnOutsideSignals(target: 0, signal: 1, worker: worker))
        program += call(sigqueue, byProcess + refuseOwnOutsideSignals(target: 0, signal: 1, worker: worker))
        program += call(tkill, byThread + refuseOutsideSignals(argument: 1))
        program += call(tgkill, byThread + refuseOutsideSignals(argument: 2))
        program += call(threadSigqueue, byThread + refuseOutsideSignals(argument: 2))
        program += call(pidfdOpen, byThread)
        for refused in [pidfdSendSignal, ptrace, vmRead, vmWrite] {
            program += [instruction(load, 0)] + refuseIf(refused)
        }
        return program + [instruction(`return`, allow)]
    }

    /// Installs the filter in this process (the worker, still one thread), after `no_new_privs`.
    /// Returns whether it is in force; a kernel without seccomp leaves the worker unguarded.
    @discardableResult
    static func install(supervisor: pid_t) -> Bool {
        let setNoNewPrivileges: Int32 = 38  // PR_SET_NO_NEW_PRIVS
        guard Syscall.prctl(setNoNewPrivileges, 1) == 0 else { return false }
        let program = instructions(worker: getpid(), supervisor: supervisor, group: getpgrp())
        return program.withUnsafeBufferPointer { buffer in
            var header = Program(count: UInt16(buffer.count), instructions: buffer.baseAddress)
            return withUnsafeMutablePointer(to: &header) { pointer in
                Syscall.call(Syscall.seccomp, 1, 0, Int(bitPattern: UnsafeMutableRawPointer(pointer))) == 0  // SECCOMP_SET_MODE_FILTER
            }
        }
    }
}
