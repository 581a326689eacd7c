import Foundation
import Testing
@testable import ViperELF
import ViperHostTestSupport
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// Bad plugins never take the host down: each kind of broken
/// file gives exactly one line naming the file, what is wrong and what to do, and
/// every other plugin still loads.
@Suite struct BrokenPluginTests {
    @Test(arguments: BrokenPlugin.allCases)
    func aBrokenPluginGivesOneLineAndTheOthersStillLoadInProcess(_ kind: BrokenPlugin) throws {
        let broken = try kind.make()
        let good = try Fixtures.good()
        let runtime = try TestRuntime.make(plugins: [good] + broken.plugins, bundled: ["Greeter"])

        let lines = runtime.problemLines
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.contains(where: broken.matches), "expected \(broken.line)\ngot \(lines)")
        #expect(runtime.record(named: "fixture-good")?.status == .loaded)
        #expect(runtime.record(named: "greeter")?.status == .loaded)
        let record = try #require(runtime.record(at: broken.broken))
        #expect(record.status == .disabled)
        #expect(record.reason.map { broken.matches("\(broken.broken): \($0)") } == true)
    }

    /// Through the built viper, its scanners started both ways: a copy of viper (the start-up's
    /// way) and a fresh `viper __scan` (`VIPER_SCAN_EXEC=1`); the verdict must not differ.
    @Test(arguments: BrokenPlugin.allCases, [false, true])
    func aBrokenPluginGivesOneLineAndTheOthersStillLoadInViper(_ kind: BrokenPlugin, exec: Bool) throws {
        let broken = try kind.make()
        let good = try Fixtures.good()
        var viper = ViperProcess()
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let result = try viper.run(["plugins", "--json", "--plugins", good] + broken.plugins.flatMap { ["--plugins", $0] })
        #expect(result.status == 0, "\(result.stderr)")
        let report = try PluginsReport.decode(result.stdout)

        let lines = report.problemLines.filter { $0.hasPrefix(broken.broken + ":") }
        #expect(lines.count == 1, "\(report.problemLines)")
        #expect(lines.contains(where: broken.matches), "expected \(broken.line)\ngot \(report.problemLines)")
        #expect(report.plugin(named: "fixture-good")?.isUsable == true)
        #expect(report.plugin(named: "greeter")?.isUsable == true)
        #expect(report.plugin(at: broken.broken)?.status == "disabled")

        let doctor = try viper.run(["doctor", "--plugins", good] + broken.plugins.flatMap { ["--plugins", $0] })
        #expect(doctor.status == 1)
        #expect(doctor.stdout.split(separator: "\n").contains { broken.matches(String($0.dropFirst("problem: ".count))) },
                "\(doctor.stdout)")
    }

    @Test func aPluginGivenWithPluginsThatDoesNotExistIsReportedAndTheRestLoad() throws {
        let folder = try TemporaryFolder.make("absent")
        let absent = folder + "/libAbsent.so"
        let runtime = try TestRuntime.make(plugins: [absent, try Fixtures.good()], bundled: ["Greeter"])
        #expect(runtime.problemLines == ["\(absent): no such plugin folder or file (given with --plugins); check the path"])
        #expect(runtime.record(named: "fixture-good")?.status == .loaded)
        #expect(runtime.record(named: "greeter")?.status == .loaded)
    }

    @Test func anEntryThatSucceedsWithoutRegisteringIsRefused() throws {
        let silent = try Fixtures.c("SilentPlugin.c")
        let runtime = try TestRuntime.make(plugins: [silent])
        #expect(runtime.problemLines == ["\(silent): its entry point returned success without registering; call PluginEntry.run from viper_plugin_entry"])
    }

    @Test func aPluginBuiltForAnotherMachineIsRefusedBeforeDlopen() throws {
        // Patch e_machine of a real plugin to aarch64 (or x86_64 on an arm64 host).
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.c("NotAPlugin.c"))))
        let foreign: UInt16 = ELFCheck.hostMachine == 183 ? 62 : 183
        bytes[18] = UInt8(foreign & 0xFF)
        bytes[19] = UInt8(foreign >> 8)
        let path = try TemporaryFolder.write(bytes, to: "libForeign.so", in: TemporaryFolder.make("foreign"))
        let host = ELFCheck.hostMachine.map(ELFCheck.machineName) ?? ""
        let error = ELFCheck.problem(at: path)
        #expect(error == "cannot load: built for \(ELFCheck.machineName(foreign)), and this viper runs on \(host); rebuild the plugin on this machine")
    }

    @Test func anObjectFileIsNotAPlugin() throws {
        let object = try TemporaryFolder.make("object") + "/fixture.o"
        let result = try FixtureCompiler.run(["cc", "-c", Fixtures.sources + "/NotAPlugin.c", "-o", object])
        #expect(result.status == 0)
        #expect(ELFCheck.problem(at: object) == "not a plugin: an object file, not a shared library; build the plugin as a shared library (a .dynamic product, or swiftc -emit-library)")
    }

    @Test func everyTruncationOfAPluginIsCaughtBeforeDlopen() throws {
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.good())))
        let folder = try TemporaryFolder.make("truncations")
        // Cut at many points, from inside the ELF header to the last byte.
        let cuts = [1, 4, 20, 63, 64, 100, 1000, 4096, 5000, whole.count / 3, whole.count / 2, whole.count - 1]
        for cut in cuts {
            let path = try TemporaryFolder.write(Array(whole.prefix(cut)), to: "libCut\(cut).so", in: folder)
            let problem = ELFCheck.problem(at: path)
            #expect(problem?.hasPrefix("not a plugin: ") == true, "cut at \(cut): \(problem ?? "accepted")")
        }
        #expect(ELFCheck.problem(at: try Fixtures.good()) == nil)
    }
}
