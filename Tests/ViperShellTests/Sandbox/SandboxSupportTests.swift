import Testing
@testable import ViperCommandLine
import ViperLoading

/// The one line `viper check` and `viper doctor` print when the kernel lacks a piece of the
/// sandbox, from an injected probe (no kernel here lacks anything; nothing is started).
@Suite struct SandboxSupportTests {
    private func support(landlock: Int? = 7, seccomp: Bool = true, turnedOff: Bool = false) -> SandboxSupport {
        SandboxSupport(landlock: landlock, seccomp: seccomp, turnedOff: turnedOff, kernel: "5.10.0-test")
    }

    @Test func aWholeSandboxSaysNothing() {
        #expect(support().line == nil)
        #expect(support(landlock: 1).line == nil)
    }

    @Test func aKernelWithoutLandlockIsNamedInOneLine() {
        #expect(support(landlock: nil).line
                == "sandbox: this kernel (5.10.0-test) lacks Landlock (plugin code can write wherever you can); "
                + "plugins are scanned and checked with the rest of the sandbox (resource limits, no new privileges)")
    }

    @Test func aKernelWithoutSeccompButWithLandlockNetworkRulesSaysOnlyTCPIsRefused() {
        #expect(support(landlock: 4, seccomp: false).missing == ["seccomp (only TCP is refused, not UDP or local sockets)"])
    }

    @Test func aKernelWithNeitherSaysBothAndThatTheNetworkIsOpen() {
        #expect(support(landlock: nil, seccomp: false).missing
                == ["Landlock (plugin code can write wherever you can)",
                    "seccomp and Landlock's network rules (plugin code can reach the network)"])
        #expect(support(landlock: 3, seccomp: false).missing
                == ["seccomp and Landlock's network rules (plugin code can reach the network)"])
    }

    @Test func rootWithoutAPidsCgroupItMayWriteIsToldItsThreadsAreNotCapped() {
        var uncapped = support()
        uncapped.threadsCapped = false
        #expect(uncapped.missing == ["a pids cgroup viper may write (run as root, plugin code can start threads without limit)"])
        #expect(uncapped.line?.hasPrefix("sandbox: this kernel (5.10.0-test) lacks a pids cgroup viper may write") == true)
    }

    @Test func turningItOffIsSaidWhateverTheKernelHas() {
        #expect(support(turnedOff: true).line
                == "sandbox: off (VIPER_SANDBOX=off): plugins are scanned and checked with your full rights; unset it to turn it back on")
    }

    @Test func doctorShowsTheLineOnlyWhenAPieceIsMissing() {
        #expect(PluginReport.sandboxLines(support()) == [])
        #expect(PluginReport.sandboxLines(support(landlock: nil)).count == 1)
        #expect(PluginReport.sandboxLines(support(landlock: nil)).first?.hasPrefix("sandbox: this kernel (5.10.0-test) lacks Landlock") == true)
    }

    @Test func theEnvironmentTurnsItOffOnlyWithOff() {
        #expect(Sandbox.isTurnedOff(["VIPER_SANDBOX": "off"]))
        #expect(!Sandbox.isTurnedOff(["VIPER_SANDBOX": "0"]))
        #expect(!Sandbox.isTurnedOff([:]))
    }
}
