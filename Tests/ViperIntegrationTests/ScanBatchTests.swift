import Foundation
import Testing
import ViperLoading
import ViperTestSupport

/// The bound on the files one scanner loads (``PluginScanner/filesPerScanner``; `VIPER_SCAN_BATCH`
/// sets it): past it the files go to more scanners run in turn, and every file is judged as with
/// one scanner for all, a crashing plugin included.
@Suite struct ScanBatchTests {
    /// A plugin folder holding a plugin that crashes in its entry point.
    private func folder() throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Scanner/crash_in_entry.c", encoding: .utf8)
        let crash = try FixtureCompiler.cPlugin(named: "crash_in_entry", source: source)
        let folder = try TemporaryFolder.make("scan-batch")
        try FileManager.default.copyItem(atPath: crash, toPath: folder + "/libcrash_in_entry.so")
        return folder
    }

    /// What `viper plugins` lists after the search folders (which name each run's own data folder).
    private func listing(bound: String?, plugins: String) throws -> String {
        var viper = ViperProcess()
        if let bound { viper.environment["VIPER_SCAN_BATCH"] = bound }
        let result = try viper.run(["plugins", "--plugins", plugins])
        #expect(result.status == 0, "\(result.stderr)")
        guard let blank = result.stdout.range(of: "\n\n") else { return result.stdout }
        return String(result.stdout[blank.upperBound...])
    }

    @Test func withOneFileAScannerEveryPluginIsListedAsWithTheDefaultBound() throws {
        let plugins = try folder()
        let capped = try listing(bound: "1", plugins: plugins)
        #expect(capped == (try listing(bound: nil, plugins: plugins)))
        #expect(capped.contains("libcrash_in_entry.so  [broken]"), "\(capped)")
        #expect(capped.contains("greeter 1.0.0  [ready]"), "\(capped)")
    }
}
