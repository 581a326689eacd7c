import Foundation

/// What every seccomp BPF filter of viper's shares: the instruction and its codes, the verdicts,
/// the check that a call uses this architecture's numbering, and installing a program. The
/// filters themselves say what they refuse: the box's (``SeccompFilter``) and a supervised
/// worker's (ViperSupervision's `WorkerSignalFilter`).
package enum SeccompProgram {
    /// `struct sock_filter`: one BPF instruction.
    package struct Instruction {
        package var code: UInt16
        package var jumpIfTrue: UInt8
        package var jumpIfFalse: UInt8
        package var value: UInt32

        package init(code: UInt16, jumpIfTrue: UInt8 = 0, jumpIfFalse: UInt8 = 0, value: UInt32) {
            self.code = code
            self.jumpIfTrue = jumpIfTrue
            self.jumpIfFalse = jumpIfFalse
            self.value = value
        }
    }

    /// `struct sock_fprog`.
    private struct Program {
        var count: UInt16
        var instructions: UnsafePointer<Instruction>?
    }

    package static let load: UInt16 = 0x20  // BPF_LD | BPF_W | BPF_ABS
    package static let jumpIfEqual: UInt16 = 0x15  // BPF_JMP | BPF_JEQ | BPF_K
    package static let jumpIfAtLeast: UInt16 = 0x35  // BPF_JMP | BPF_JGE | BPF_K
    package static let jumpIfAnyBit: UInt16 = 0x45  // BPF_JMP | BPF_JSET | BPF_K
    package static let `return`: UInt16 = 0x06  // BPF_RET | BPF_K

    package static let killProcess: UInt32 = 0x8000_0000
    package static let allow: UInt32 = 0x7fff_0000
    /// SECCOMP_RET_ERRNO: the call fails with `error`.
    package static func fail(_ error: Int32) -> UInt32 { 0x0005_0000 | UInt32(error) }

    /// The offsets in `struct seccomp_data` of the call's number, its architecture, and the low
    /// half of argument `index` (little-endian; a process id or signal number is an `int`, so the
    /// kernel reads only that half).
    package static let numberOffset: UInt32 = 0
    package static let architectureOffset: UInt32 = 4
    package static func argumentOffset(_ index: Int) -> UInt32 { UInt32(16 + 8 * index) }

    #if arch(x86_64)
        package static let architecture: UInt32 = 0xC000_003E  // AUDIT_ARCH_X86_64
    #elseif arch(arm64)
        package static let architecture: UInt32 = 0xC000_00B7  // AUDIT_ARCH_AARCH64
    #endif
    #if arch(x86_64)
        /// prlimit64, sched_setparam, sched_setscheduler, sched_setaffinity, sched_setattr: calls
        /// that change another process without a signal, its id their first argument.
        package static let changesByProcess: [UInt32] = [302, 142, 144, 203, 314]
        /// setpriority and ioprio_set: their first argument says what the second names (a
        /// process, a group, an account).
        package static let setPriority: UInt32 = 141
        package static let ioPrioritySet: UInt32 = 251
    #elseif arch(arm64)
        package static let changesByProcess: [UInt32] = [261, 118, 119, 122, 274]
        package static let setPriority: UInt32 = 140
        package static let ioPrioritySet: UInt32 = 30
    #endif
    /// What the first argument of ``setPriority`` (PRIO_*) and ``ioPrioritySet`` (IOPRIO_WHO_*)
    /// says the second names.
    package static let priorityTargets = (process: UInt32(0), group: UInt32(1), account: UInt32(2))
    package static let ioPriorityTargets = (process: UInt32(1), group: UInt32(2), account: UInt32(3))

    /// x32 system calls are numbered from here on x86-64.
    package static let x32Base: UInt32 = 0x4000_0000

    /// A program's first instructions: a call under another architecture's numbering (32-bit
    /// `int 0x80`, x32) ends the process, since a filter's numbers would not mean the same; the
    /// call's number is loaded after them.
    package static let sameArchitectureOnly: [Instruction] = [
        Instruction(code: load, value: architectureOffset),
        Instruction(code: jumpIfEqual, jumpIfTrue: 1, jumpIfFalse: 0, value: architecture),
        Instruction(code: `return`, value: killProcess),
        Instruction(code: load, value: numberOffset),
        Instruction(code: jumpIfAtLeast, jumpIfTrue: 0, jumpIfFalse: 1, value: x32Base),
        Instruction(code: `return`, value: killProcess),
    ]

    /// Installs `instructions` in this process, on every thread when `allThreads`
    /// (`SECCOMP_FILTER_FLAG_TSYNC`, else this thread only when that is refused). `no_new_privs`
    /// must be set. Returns whether the filter is in force.
    package static func install(_ instructions: [Instruction], allThreads: Bool) -> Bool {
        instructions.withUnsafeBufferPointer { buffer in
            var program = Program(count: UInt16(buffer.count), instructions: buffer.baseAddress)
            return withUnsafeMutablePointer(to: &program) { pointer in
                let address = Int(bitPattern: UnsafeMutableRawPointer(pointer))
                if allThreads, Syscall.call(Syscall.seccomp, 1, 1, address) == 0 { return true }  // SECCOMP_SET_MODE_FILTER, TSYNC
                return Syscall.call(Syscall.seccomp, 1, 0, address) == 0
            }
        }
    }
}
