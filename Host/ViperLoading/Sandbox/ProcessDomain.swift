import Foundation

/// A Landlock domain that takes no file access away, for a process that runs code it does not
/// trust beside a parent that code must not reach: a supervised worker, whose plugins run with
/// the person's rights, under a supervisor that must outlive them.
///
/// Landlock lets a process in a domain reach another process the way `ptrace` would (its memory
/// through `/proc/PID/mem`, its descriptors under `/proc/PID/fd`, `pidfd_getfd`,
/// `process_vm_writev`) only when the other is in the same domain or one nested in it, and
/// whatever the process's capabilities. The supervisor, outside the domain, is then out of reach
/// even of root with CAP_SYS_PTRACE, which its being not dumpable does not stop; the worker's
/// own children, and the boxes it starts (nested domains), stay within reach.
///
/// What the domain handles, and so takes away: making character and block devices (`mknod`),
/// which only root may do and nothing viper runs needs. A domain refuses to move or link a file
/// into another folder unless a rule allows it (`REFER`), so one rule allows that beneath `/`:
/// no other file access changes. Landlock ABI 2 (Linux 5.19) is needed for that rule; on ABI 1
/// moving files between folders would fail, so no domain is made there.
package enum ProcessDomain {
    /// Puts the calling thread, and every thread and process it starts from now on, in a domain
    /// of its own for good (setting `no_new_privs`, which it needs). Call it while the process has
    /// one thread. False when the kernel's Landlock is missing, older than ABI 2, or refused.
    package static func enter() -> Bool {
        guard let abi = Landlock.abiVersion(), abi >= 2 else { return false }
        guard let ruleset = Landlock.Ruleset(handlingOnly: [.makeCharacterDevice, .makeBlockDevice, .refer]),
            ruleset.allow(.refer, beneath: "/")
        else { return false }
        guard Syscall.prctl(setNoNewPrivileges, 1) == 0 else { return false }
        return ruleset.restrict()
    }

    private static let setNoNewPrivileges: Int32 = 38  // PR_SET_NO_NEW_PRIVS
}
