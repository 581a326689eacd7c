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
/// - making the supervisor or its group the owner of a descriptor (`fcntl` `F_SETOWN`), whose
///   readiness then signals the owner with whatever `F_SETSIG` names, SIGKILL included; and the
///   owner calls whose target the filter cannot read (`F_SETOWN_EX`, whose target is behind a
///   pointer, and the `FIOSETOWN` and `SIOCSPGRP` ioctls);
/// - handing the terminal to another process group (`TIOCSPGRP`, as `tcsetpgrp` does): viper's
///   processes would be left in the background, and Ctrl-C would reach only that group;
/// - typing into the terminal as if the person did (`TIOCSTI`, and `TIOCLINUX`, which pastes a
///   console's selection): a typed Ctrl-\ is SIGQUIT to the terminal's foreground group, the
///   supervisor's, and typed lines would reach the person's shell once viper ends;
/// - what root alone may do to the terminal: take it from the person's session for the worker's
///   (`TIOCSCTTY` with 1, "steal"; with 0, which a new pseudo-terminal's child uses, it is
///   allowed), after which Ctrl-C reaches only the worker's group, and hang it up
///   (`TIOCVHANGUP`), which sends SIGHUP to the person's shell and to the supervisor;
/// - `ptrace`, `process_vm_readv` and `process_vm_writev` (another process's memory);
/// - changing the supervisor without a signal: its resource limits (`prlimit`: with its address
///   space cut to nothing, its next allocation aborts it), its scheduling (`sched_setscheduler`,
///   `sched_setparam`, `sched_setattr`, `sched_setaffinity`: `SCHED_IDLE` under a spinning
///   worker holds off the Ctrl-C that stops it), and its priority or disk priority
///   (`setpriority`, `ioprio_set`) by its process id, its group (0 or the group's id), or the
///   account (every process of it, the supervisor included);
/// - the signals that only come from outside (SIGKILL, SIGSTOP, SIGTERM, SIGHUP, SIGQUIT,
///   SIGPIPE) sent by the worker to itself or one of its threads: when the worker dies of one of
///   them, it was not its own code, so no plugin is blamed.
///
/// A call under another architecture's numbering (32-bit `int 0x80`, x32) ends the process: the
/// numbers below would not mean the same.
enum WorkerSignalFilter {
    private typealias Instruction = SeccompProgram.Instruction
    private static let load = SeccompProgram.load
    private static let jumpIfEqual = SeccompProgram.jumpIfEqual
    private static let `return` = SeccompProgram.return
    private static let allow = SeccompProgram.allow
    private static let refuse = SeccompProgram.fail(EPERM)

    #if arch(x86_64)
        private static let kill: UInt32 = 62
        private static let tkill: UInt32 = 200
        private static let tgkill: UInt32 = 234
        private static let sigqueue: UInt32 = 129
        private static let threadSigqueue: UInt32 = 297
        private static let ptrace: UInt32 = 101
        private static let vmRead: UInt32 = 310
        private static let vmWrite: UInt32 = 311
        private static let fcntl: UInt32 = 72
        private static let ioctl: UInt32 = 16
    #elseif arch(arm64)
        private static let kill: UInt32 = 129
        private static let tkill: UInt32 = 130
        private static let tgkill: UInt32 = 131
        private static let sigqueue: UInt32 = 138
        private static let threadSigqueue: UInt32 = 240
        private static let ptrace: UInt32 = 117
        private static let vmRead: UInt32 = 270
        private static let vmWrite: UInt32 = 271
        private static let fcntl: UInt32 = 25
        private static let ioctl: UInt32 = 29
    #endif
    private static let setOwner: UInt32 = 8  // F_SETOWN
    private static let setOwnerEx: UInt32 = 15  // F_SETOWN_EX
    private static let setOwnerIoctl: UInt32 = 0x8901  // FIOSETOWN
    private static let setGroupIoctl: UInt32 = 0x8902  // SIOCSPGRP
    private static let setTerminalGroup: UInt32 = 0x5410  // TIOCSPGRP
    private static let typeIntoTerminal: UInt32 = 0x5412  // TIOCSTI
    private static let consoleCall: UInt32 = 0x541C  // TIOCLINUX (pastes a console's selection)
    private static let takeTerminal: UInt32 = 0x540E  // TIOCSCTTY (its argument 1 steals the terminal)
    private static let hangUpTerminal: UInt32 = 0x5437  // TIOCVHANGUP
    private static let pidfdSendSignal: UInt32 = 424
    private static let pidfdOpen: UInt32 = 434

    /// The signals a worker may not send itself.
    static let fromOutsideOnly: [Int32] = [SIGKILL, SIGSTOP, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]

    private static func argument(_ index: Int) -> UInt32 { SeccompProgram.argumentOffset(index) }

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

    /// For a call whose first argument says what the second names (a process, a group, an
    /// account: `setpriority`, `ioprio_set`), refuses the account, the supervisor by its id, and
    /// its group by 0 or its id.
    private static func refuseByWhich(
        process: UInt32, group groupKind: UInt32, account: UInt32, parent: UInt32, group: pid_t
    ) -> [Instruction] {
        let allowed = [instruction(`return`, allow)]
        let byProcess = [instruction(load, argument(1))] + refuseIf(parent) + allowed
        let byGroup = [instruction(load, argument(1))] + refuseIf(0) + refuseIf(UInt32(bitPattern: group)) + allowed
        return [instruction(load, argument(0))] + refuseIf(account)
            + [instruction(jumpIfEqual, process, 0, UInt8(byProcess.count))] + byProcess
            + [instruction(jumpIfEqual, groupKind, 0, UInt8(byGroup.count))] + byGroup
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
        var program = SeccompProgram.sameArchitectureOnly
        program += call(kill, byProcess + refuseOwnOutsideSignals(target: 0, signal: 1, worker: worker))
        program += call(sigqueue, byProcess + refuseOwnOutsideSignals(target: 0, signal: 1, worker: worker))
        program += call(tkill, byThread + refuseOutsideSignals(argument: 1))
        program += call(tgkill, byThread + refuseOutsideSignals(argument: 2))
        program += call(threadSigqueue, byThread + refuseOutsideSignals(argument: 2))
        program += call(pidfdOpen, byThread)
        let owner = [instruction(load, argument(2))] + refuseIf(parent) + refuseIf(UInt32(bitPattern: -group))
        program += call(
            fcntl, [instruction(load, argument(1))] + refuseIf(setOwnerEx) + [instruction(jumpIfEqual, setOwner, 0, UInt8(owner.count))] + owner)
        // TIOCSCTTY is allowed with 0 (a new pseudo-terminal's child takes it, as `login_tty` does).
        let steal = [instruction(load, argument(2)), instruction(jumpIfEqual, 0, 1, 0), instruction(`return`, refuse)]
        program += call(
            ioctl,
            [instruction(load, argument(1))] + refuseIf(setOwnerIoctl) + refuseIf(setGroupIoctl) + refuseIf(setTerminalGroup)
                + refuseIf(typeIntoTerminal) + refuseIf(consoleCall) + refuseIf(hangUpTerminal)
                + [instruction(jumpIfEqual, takeTerminal, 0, UInt8(steal.count))] + steal)
        for change in SeccompProgram.changesByProcess { program += call(change, byThread) }
        for (number, targets) in [
            (SeccompProgram.setPriority, SeccompProgram.priorityTargets), (SeccompProgram.ioPrioritySet, SeccompProgram.ioPriorityTargets),
        ] {
            program += call(
                number, refuseByWhich(process: targets.process, group: targets.group, account: targets.account, parent: parent, group: group))
        }
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
        return SeccompProgram.install(instructions(worker: getpid(), supervisor: supervisor, group: getpgrp()), allThreads: false)
    }
}
