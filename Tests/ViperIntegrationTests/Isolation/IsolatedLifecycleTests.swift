import Foundation
import Testing
import ViperTestSupport

/// An isolated module's lifecycle as the shell drives it: opened over another plugin's module, its
/// process runs its appearance with its build (one wait, not two), and what it does there happens
/// where it would in process. Each case runs isolated and in process, and both must agree.
@Suite struct IsolatedLifecycleTests {
    private func rogue() throws -> String {
        let library = try Fixtures.swift("Isolation/RoguePlugin.swift", module: "RoguePlugin")
        let folder = try TemporaryFolder.make("rogue-lifecycle")
        try FileManager.default.copyItem(atPath: library, toPath: folder + "/libRoguePlugin.so")
        return folder
    }

    /// A module that opens another as it first appears finds itself on the stack: what it opens
    /// goes on top of it, and `back` comes back to it with its own line on screen.
    @Test(arguments: [true, false])
    func aModuleThatOpensAnotherAsItAppearsIsBelowIt(isolated: Bool) throws {
        let plugins = try rogue()
        let result = try ViperProcess().run(
            ["--plugins", plugins] + (isolated ? ["--isolate", "rogue"] : []) + ["-c", "open rogue?then=hello; where; back; where"])
        #expect(result.status == 0, "\(result.output)")
        let crumbs = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Home") }
        #expect(crumbs == ["Home › Rogue › Hello", "Home › Rogue"], "\(result.output)")
        #expect(result.stdout.contains("opened hello on appearing"), "\(result.output)")
    }

    /// A module that closes itself as it first appears is gone, told it leaves, and the shell is
    /// where it was before the open.
    @Test(arguments: [true, false])
    func aModuleThatClosesItselfAsItAppearsLeavesTheStackAsItWas(isolated: Bool) throws {
        let plugins = try rogue()
        let viper = ViperProcess()
        let result = try viper.run(
            ["--plugins", plugins] + (isolated ? ["--isolate", "rogue"] : []) + ["-c", "open hello; open rogue?then=!leave; where; open rogue; where"])
        #expect(result.status == 0, "\(result.output)")
        let crumbs = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Home") }
        #expect(crumbs == ["Home › Hello", "Home › Hello › Rogue"], "\(result.output)")
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("rogue leaves at count 0"), "\(log)")
    }

    /// Opened, left and opened again many times, an isolated module shows what its appearance
    /// drew each time, and every leaving module's last words reach the log.
    @Test func eachOpeningShowsWhatItsAppearanceDrewAndEachLeavingIsTold() throws {
        let plugins = try rogue()
        let viper = ViperProcess()
        let script = Array(repeating: "open rogue?then=hello; back; count; back", count: 3).joined(separator: "; ")
        let result = try viper.run(["--plugins", plugins, "--isolate", "rogue", "-c", script + "; where"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.components(separatedBy: "opened hello on appearing").count - 1 >= 3, "\(result.output)")
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.components(separatedBy: "[rogue: rogue] rogue leaves at count 1").count - 1 == 3, "\(log)")
    }

    /// A crash while the appearance runs with the build costs the plugin's process alone: the
    /// open fails with one line, and the next open starts the process again.
    @Test func aCrashAsTheModuleAppearsFailsTheOpenAloneAndTheNextOpenWorks() throws {
        let plugins = try rogue()
        let result = try ViperProcess().run(["--plugins", plugins, "--isolate", "rogue", "-c", "open rogue?then=!crash; where; open rogue; where"])
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 1, "\(result.output)")
        #expect(errors.first?.contains("plugin 'rogue' (isolated) stopped (Segmentation fault)") == true, "\(result.output)")
        let crumbs = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Home") }
        #expect(crumbs == ["Home", "Home › Rogue"], "\(result.output)")
    }
}
