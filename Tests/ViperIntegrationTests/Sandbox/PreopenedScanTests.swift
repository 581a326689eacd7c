import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport

/// The scanner's prescan keeps each plugin file open for its loader (``PreopenedFiles``), so a
/// plugin's constructor can reach the next plugin's descriptor. A real C plugin that
/// puts /dev/null at every descriptor open on a regular file, then fails to register, does not
/// make the plugin after it in its batch fail: the loader opens that file by its path instead.
@Suite struct PreopenedScanTests {
    @Test(arguments: [false, true])
    func aPluginThatReplacesOtherPluginsDescriptorsDoesNotBreakThem(exec: Bool) throws {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/swap_descriptors.c", encoding: .utf8)
        let swapper = try FixtureCompiler.cPlugin(named: "swap_descriptors", source: source)
        let folder = try TemporaryFolder.make("preopened-scan")
        try FileManager.default.copyItem(atPath: swapper, toPath: folder + "/libaa_swap.so")
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: folder + "/libzz_good.so")
        var viper = ViperProcess()
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let result = try viper.run(["plugins", "--plugins", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("libaa_swap.so"), "\(result.stdout)")
        #expect(result.stdout.contains("fixture-good 1.2.3  [ready]"), "the plugin after it loads: \(result.stdout)")
        #expect(!result.stdout.contains("not a regular file"), "\(result.stdout)")
    }
}
