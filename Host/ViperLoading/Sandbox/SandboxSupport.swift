import Foundation

/// What this kernel offers the sandbox (``Sandbox``), and the one line `viper check` and
/// `viper doctor` print when a piece is missing. The probe is injected, so the wording is
/// tested without a kernel that lacks anything.
package struct SandboxSupport: Equatable, Sendable {
    /// The Landlock ABI version, or nil without Landlock.
    package var landlock: Int?
    /// Whether seccomp filters are available.
    package var seccomp: Bool
    /// Whether the person turned the sandbox off (`VIPER_SANDBOX=off`).
    package var turnedOff = false
    /// The layers `VIPER_SANDBOX=no-...` leaves out, by name (``Sandbox/Layers``), to measure them.
    package var leftOut: [String] = []
    /// The kernel's release (`uname -r`), named in the line.
    package var kernel: String
    /// Whether the kernel knows `PR_SET_NO_NEW_PRIVS` (asked with `PR_GET_NO_NEW_PRIVS`, which sets nothing).
    package var noNewPrivileges = true
    /// Whether a boxed child's threads are capped: by `RLIMIT_NPROC` for anyone but root, and for
    /// root by a pids cgroup of its own, which needs a pids cgroup it may write (``CgroupLimit``).
    package var threadsCapped = true

    package init(landlock: Int?, seccomp: Bool, turnedOff: Bool = false, kernel: String = "") {
        self.landlock = landlock
        self.seccomp = seccomp
        self.turnedOff = turnedOff
        self.kernel = kernel
    }

    /// Asks the running kernel (no process is started, nothing is restricted).
    package static func probe(environment: [String: String] = ProcessInfo.processInfo.environment) -> SandboxSupport {
        var support = SandboxSupport(
            landlock: Landlock.abiVersion(), seccomp: SeccompFilter.isAvailable(),
            turnedOff: Sandbox.isTurnedOff(environment), kernel: kernelRelease())
        support.noNewPrivileges = Syscall.prctl(39) >= 0  // PR_GET_NO_NEW_PRIVS
        support.leftOut = Sandbox.Layers(setting: environment["VIPER_SANDBOX"]).leftOut
        support.threadsCapped = geteuid() != 0 || CgroupLimit.folder() != nil
        return support
    }

    /// Landlock's TCP rules came with ABI 4, its scopes (abstract sockets, signals) with ABI 6.
    package var hasNetworkRules: Bool { (landlock ?? 0) >= 4 }

    /// What is missing, each as a short phrase, in a fixed order; empty when nothing is.
    package var missing: [String] {
        var missing: [String] = []
        if landlock == nil {
            missing.append("Landlock (plugin code can write wherever you can)")
        }
        if !seccomp {
            missing.append(
                hasNetworkRules
                    ? "seccomp (only TCP is refused, not UDP or local sockets)"
                    : "seccomp and Landlock's network rules (plugin code can reach the network)")
        }
        if !threadsCapped {
            missing.append("a pids cgroup viper may write (run as root, plugin code can start threads without limit)")
        }
        return missing
    }

    /// The line to print when the sandbox is not whole, or nil when it is.
    package var line: String? {
        if turnedOff {
            return "sandbox: off (VIPER_SANDBOX=off): plugins are scanned and checked with your full rights; unset it to turn it back on"
        }
        if !leftOut.isEmpty {
            let value = leftOut.map { "no-" + $0 }.joined(separator: ",")
            return "sandbox: weakened (VIPER_SANDBOX=\(value)): plugins are scanned without \(leftOut.joined(separator: ", ")); "
                + "unset VIPER_SANDBOX to put the whole box back"
        }
        guard !missing.isEmpty else { return nil }
        return "sandbox: this kernel (\(kernel)) lacks \(missing.joined(separator: " and ")); "
            + "plugins are scanned and checked with the rest of the sandbox (resource limits, no new privileges)"
    }

    /// `uname -r`.
    static func kernelRelease() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
