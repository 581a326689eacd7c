import Foundation

/// The C library's `syscall(2)`, for the kernel calls glibc has no wrapper for (Landlock,
/// `seccomp`, `capset`), and for `prctl` and `fallocate`, which Swift does not import (`prctl` is variadic
/// in C; `fallocate` needs `_GNU_SOURCE`).
///
/// glibc's `syscall` only moves its integer arguments into the kernel's registers, so calling
/// it through a fixed six-argument signature is exact on x86-64 and AArch64.
package enum Syscall {
    private typealias Function = @convention(c) (Int, Int, Int, Int, Int, Int, Int) -> Int

    private static let function: Function? = dlsym(nil, "syscall").map { unsafeBitCast($0, to: Function.self) }

    #if arch(x86_64)
        package static let prctl = 157
        package static let seccomp = 317
        package static let fallocate = 285
        static let capset = 126
    #elseif arch(arm64)
        package static let prctl = 167
        package static let seccomp = 277
        package static let fallocate = 47
        static let capset = 91
    #endif
    static let landlockCreateRuleset = 444
    static let landlockAddRule = 445
    static let landlockRestrictSelf = 446

    /// Calls system call `number`; the result, or -1 with `errno` set.
    package static func call(_ number: Int, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0, _ d: Int = 0) -> Int {
        guard let function else {
            errno = ENOSYS
            return -1
        }
        return function(number, a, b, c, d, 0, 0)
    }

    /// `prctl(option, argument, 0, 0, 0)`.
    package static func prctl(_ option: Int32, _ argument: Int = 0) -> Int {
        call(prctl, Int(option), argument)
    }
}
