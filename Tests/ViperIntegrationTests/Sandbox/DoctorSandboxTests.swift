import Foundation
import Testing
import ViperTestSupport

/// `viper doctor --json` says what the kernel offers the sandbox and whether it is on,
/// as the machine running the test has it (`/proc/sys/kernel` and `uname` are read for the control).
@Suite struct DoctorSandboxTests {
    private func sandbox(_ environment: [String: String] = [:]) throws -> DoctorReport.Sandbox {
        var viper = ViperProcess()
        viper.environment.merge(environment) { _, new in new }
        return try DoctorReport.decode(try viper.run(["doctor", "--json"]).stdout).sandbox
    }

    @Test func doctorJSONNamesTheKernelsSandboxAndSaysItIsOn() throws {
        let sandbox = try sandbox()
        #expect(sandbox.on)
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #expect(sandbox.kernel == release)
        #expect(sandbox.noNewPrivileges, "every kernel since 3.5 has it")
        #expect(sandbox.networkRules == ((sandbox.landlockABI ?? 0) >= 4))
        #expect(sandbox.missing.isEmpty == (sandbox.landlockABI != nil && sandbox.seccomp))
    }

    @Test func withTheSandboxTurnedOffDoctorJSONSaysSo() throws {
        let off = try sandbox(["VIPER_SANDBOX": "off"])
        #expect(!off.on)
        let on = try sandbox()
        #expect(off.landlockABI == on.landlockABI, "what the kernel offers does not change")
    }
}
