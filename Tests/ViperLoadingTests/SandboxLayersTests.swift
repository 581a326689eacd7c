import Testing
@testable import ViperLoading

/// The layers of the scanner's box, each of which `VIPER_SANDBOX=no-...` can leave out to measure
/// what it costs: only a known name with `no-` takes one out, and `viper doctor`'s line
/// says the box is weakened and how to put it back.
@Suite struct SandboxLayersTests {
    @Test func unsetEmptyOrUnknownLeavesEveryLayerIn() {
        #expect(Sandbox.Layers(setting: nil) == .all)
        #expect(Sandbox.Layers(setting: "") == .all)
        #expect(Sandbox.Layers(setting: "landlock,no-everything") == .all)
    }

    @Test func eachNamedLayerIsLeftOutAndTheRestStay() {
        #expect(Sandbox.Layers(setting: "no-landlock") == [.limits, .seccomp, .prescan])
        #expect(Sandbox.Layers(setting: "no-seccomp, no-limits") == [.landlock, .prescan])
        #expect(Sandbox.Layers(setting: "no-prescan").leftOut == ["prescan"])
    }

    @Test func doctorSaysTheBoxIsWeakenedAndHowToPutItBack() {
        var support = SandboxSupport(landlock: 6, seccomp: true, kernel: "6.8.0-test")
        #expect(support.line == nil)
        support.leftOut = Sandbox.Layers(setting: "no-seccomp,no-landlock").leftOut
        #expect(support.line == "sandbox: weakened (VIPER_SANDBOX=no-landlock,no-seccomp): plugins are scanned without landlock, seccomp; "
            + "unset VIPER_SANDBOX to put the whole box back")
    }
}
