import Foundation

/// A seccomp BPF filter that refuses the system calls that reach the network: `socket()` for
/// every address family (a sandboxed child talks only on the descriptors it was given;
/// `socketpair` stays allowed), and `io_uring_setup` (io_uring can open sockets without the
/// `socket` system call). Every other call is allowed. A call made under another architecture's
/// numbering (32-bit `int 0x80`, x32) ends the process: the numbers below would not mean the same.
enum SeccompFilter {
    /// `struct sock_filter`: one BPF instruction.
    struct Instruction {
        var code: UInt16
        var jumpIfTrue: UInt8
        var jumpIfFalse: UInt8
        var value: UInt32
    }

    /// `struct sock_fprog`.
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
    private static func fail(_ error: Int32) -> UInt32 { 0x0005_0000 | UInt32(error) }  // SECCOMP_RET_ERRNO

    #if arch(x86_64)
        private static let architecture: UInt32 = 0xC000_003E  // AUDIT_ARCH_X86_64
        private static let socketCall: UInt32 = 41
    #elseif arch(arm64)
        private static let architecture: UInt32 = 0xC000_00B7  // AUDIT_ARCH_AARCH64
        private static let socketCall: UInt32 = 198
    #endif
    private static let ioUringSetup: UInt32 = 425
    /// x32 system calls are numbered from here on x86-64.
    private static let x32Base: UInt32 = 0x4000_0000

    /// The program, reading `struct seccomp_data` (`nr` at offset 0, `arch` at 4).
    static let instructions: [Instruction] = [
        Instruction(code: load, jumpIfTrue: 0, jumpIfFalse: 0, value: 4),
        Instruction(code: jumpIfEqual, jumpIfTrue: 1, jumpIfFalse: 0, value: architecture),
        Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: killProcess),
        Instruction(code: load, jumpIfTrue: 0, jumpIfFalse: 0, value: 0),
        Instruction(code: jumpIfAtLeast, jumpIfTrue: 0, jumpIfFalse: 1, value: x32Base),
        Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: killProcess),
        Instruction(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 1, value: socketCall),
        Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: fail(EACCES)),
        Instruction(code: jumpIfEqual, jumpIfTrue: 0, jumpIfFalse: 1, value: ioUringSetup),
        Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: fail(ENOSYS)),
        Instruction(code: `return`, jumpIfTrue: 0, jumpIfFalse: 0, value: allow),
    ]

    /// Whether the kernel takes seccomp filters (`SECCOMP_GET_ACTION_AVAIL` for `SECCOMP_RET_ERRNO`).
    static func isAvailable() -> Bool {
        var action = fail(0)
        return withUnsafeMutablePointer(to: &action) { Syscall.call(Syscall.seccomp, 2, 0, Int(bitPattern: $0)) } == 0
    }

    /// Installs the filter on every thread of this process (`SECCOMP_FILTER_FLAG_TSYNC`), or on
    /// this one when that is refused. `no_new_privs` must be set. Returns whether it is in force.
    static func install() -> Bool {
        instructions.withUnsafeBufferPointer { buffer in
            var program = Program(count: UInt16(buffer.count), instructions: buffer.baseAddress)
            return withUnsafeMutablePointer(to: &program) { pointer in
                let address = Int(bitPattern: UnsafeMutableRawPointer(pointer))
                if Syscall.call(Syscall.seccomp, 1, 1, address) == 0 { return true }  // SECCOMP_SET_MODE_FILTER, TSYNC
                return Syscall.call(Syscall.seccomp, 1, 0, address) == 0
            }
        }
    }
}
