import ViperLoading

extension PluginReport {
    /// The sandbox's one line when the kernel lacks a piece of it or it is turned off (see
    /// ``SandboxSupport/line``), for `viper doctor`; nothing when it is whole. Not a problem:
    /// plugins are scanned and checked as before, with what the kernel has.
    static func sandboxLines(_ support: SandboxSupport = .probe()) -> [String] {
        support.line.map { [$0] } ?? []
    }

    /// `doctor --json`'s `sandbox`: what the kernel offers the box plugin code is scanned and
    /// checked in, and whether it is on. Not a problem either way (``sandboxLines(_:)``).
    struct SandboxJSON: Encodable, Equatable {
        /// Whether scanners and `viper check`'s child are boxed (false with `VIPER_SANDBOX=off`).
        let on: Bool
        /// The kernel's Landlock ABI version, or null without Landlock.
        let landlockABI: Int?
        /// Whether Landlock refuses TCP bind and connect (ABI 4 and later).
        let networkRules: Bool
        /// Whether seccomp filters are available (no socket of any family).
        let seccomp: Bool
        /// Whether the kernel knows `no_new_privs`.
        let noNewPrivileges: Bool
        /// `uname -r`.
        let kernel: String
        /// What is missing, as ``SandboxSupport/missing`` says it; empty when the box is whole.
        let missing: [String]

        init(_ support: SandboxSupport) {
            on = !support.turnedOff
            landlockABI = support.landlock
            networkRules = support.hasNetworkRules
            seccomp = support.seccomp
            noNewPrivileges = support.noNewPrivileges
            kernel = support.kernel
            missing = support.missing
        }

        private enum CodingKeys: String, CodingKey {
            case on, landlockABI, networkRules, seccomp, noNewPrivileges, kernel, missing
        }

        /// Every key always there: a kernel without Landlock has `"landlockABI": null`.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(on, forKey: .on)
            try container.encode(landlockABI, forKey: .landlockABI)
            try container.encode(networkRules, forKey: .networkRules)
            try container.encode(seccomp, forKey: .seccomp)
            try container.encode(noNewPrivileges, forKey: .noNewPrivileges)
            try container.encode(kernel, forKey: .kernel)
            try container.encode(missing, forKey: .missing)
        }
    }
}
