import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// How the start-up starts its scanners: a copy of viper made with `fork`
/// while nothing is loaded and one thread runs, else `viper __scan` by `exec`
/// (`VIPER_SCAN_EXEC=1` asks for it). Both must judge a plugin the same way.
@Suite struct ScannerLaunchTests {
    private func plugins(_ fixture: String) throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Scanner/\(fixture).c", encoding: .utf8)
        let library = try FixtureCompiler.cPlugin(named: fixture, source: source)
        let folder = try TemporaryFolder.make("launch")
        try FileManager.default.copyItem(atPath: library, toPath: folder + "/lib\(fixture).so")
        return folder
    }

    /// `viper plugins` over `folder`, scanners started with exec when `exec`; the listing.
    private func listing(_ folder: String, exec: Bool) throws -> String {
        var viper = ViperProcess()
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let result = try viper.run(["plugins", "--plugins", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("greeter 1.0.0  [ready]"), "the plugins that behave still load:\n\(result.stdout)")
        return result.stdout
    }

    @Test func theStartUpScansInACopyOfViperNotAFreshProgram() throws {
        let stdout = try listing(try plugins("crash_naming_argument"), exec: false)
        #expect(stdout.contains("disabled:  crashed the scanner with SIGSEGV (segmentation fault) after printing 'first argument: plugins' while loading; it is skipped until the file changes"), "\(stdout)")
    }

    @Test func viperScanExecStartsAFreshScannerThatJudgesTheSame() throws {
        let stdout = try listing(try plugins("crash_naming_argument"), exec: true)
        #expect(stdout.contains("disabled:  crashed the scanner with SIGSEGV (segmentation fault) after printing 'first argument: __scan' while loading; it is skipped until the file changes"), "\(stdout)")
    }

    /// viper's own exit guard (which names a plugin that calls `exit` and ends viper with 70)
    /// stands down in a copy: the scanner ends as a fresh one does, with the plugin's status.
    @Test(arguments: [false, true])
    func aPluginThatCallsExitWhileScannedEndsTheScannerWithItsOwnStatus(exec: Bool) throws {
        let stdout = try listing(try plugins("exit_in_entry"), exec: exec)
        #expect(stdout.contains("libexit_in_entry.so  [broken]"), "\(stdout)")
        #expect(stdout.contains("disabled:  ended the scanner (exit status 0) while loading; it is skipped until the file changes"), "\(stdout)")
    }

    @Test func aProcessThatIsNotViperOrRunsThreadsStartsScannersWithExec() {
        #expect(ScannerLaunch.isThisProgram("/proc/self/exe"))
        #expect(!ScannerLaunch.isThisProgram(BuildProducts.viper))
        #expect(!ScannerLaunch.isThisProgram("/nonexistent/viper"))
        #expect(ScannerLaunch.choose(executable: BuildProducts.viper) == .exec)
        #expect(ScannerLaunch.choose(executable: "/proc/self/exe") == .exec, "the test process runs more than one thread")
    }
}
