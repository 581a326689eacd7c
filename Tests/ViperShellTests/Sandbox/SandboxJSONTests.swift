import Testing
@testable import ViperCommandLine
import ViperLoading

/// `doctor --json`'s `sandbox` field, from an injected probe: additive, every piece named.
@Suite struct SandboxJSONTests {
    private func json(_ support: SandboxSupport) -> String {
        PluginReport.json(PluginReport.SandboxJSON(support))
    }

    @Test func aWholeSandboxIsOnWithEveryPieceAndNothingMissing() {
        let sandbox = PluginReport.SandboxJSON(SandboxSupport(landlock: 6, seccomp: true, kernel: "6.8.0-test"))
        #expect(sandbox.on && sandbox.seccomp && sandbox.noNewPrivileges && sandbox.networkRules)
        #expect(sandbox.landlockABI == 6)
        #expect(sandbox.missing.isEmpty)
        #expect(json(SandboxSupport(landlock: 6, seccomp: true, kernel: "6.8.0-test")).contains("\"landlockABI\" : 6"))
    }

    @Test func aKernelWithoutLandlockHasNoABIAndNoNetworkRulesAndSaysWhatIsMissing() {
        let sandbox = PluginReport.SandboxJSON(SandboxSupport(landlock: nil, seccomp: true, kernel: "5.10.0-test"))
        #expect(sandbox.landlockABI == nil)
        #expect(!sandbox.networkRules)
        #expect(sandbox.missing == ["Landlock (plugin code can write wherever you can)"])
        #expect(json(SandboxSupport(landlock: nil, seccomp: true, kernel: "5.10.0-test")).contains("\"landlockABI\" : null"),
                "an absent ABI is written as null, so the field is always there")
    }

    @Test func turnedOffItIsOffWhateverTheKernelOffers() {
        let sandbox = PluginReport.SandboxJSON(SandboxSupport(landlock: 3, seccomp: true, turnedOff: true, kernel: "6.1.0-test"))
        #expect(!sandbox.on)
        #expect(sandbox.landlockABI == 3)
        #expect(!sandbox.networkRules)
    }
}
