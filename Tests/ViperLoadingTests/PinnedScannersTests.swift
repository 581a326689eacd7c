import Testing
@testable import ViperLoading

/// `VIPER_SCANNERS` pins how many scanners a cold start runs (the sandbox's bench row
/// compares boxed and unboxed starts that ran the same number): unset or empty lets viper choose,
/// a whole number from 1 to the most scanners pins it, anything else is refused with what to set.
@Suite struct PinnedScannersTests {
    private func makeFiles(_ count: Int) -> [PluginFile] {
        let folder = PluginFolder(path: "/plugins", origin: .flag)
        return (0..<count).map { PluginFile(path: "/plugins/lib\($0).so", folder: folder) }
    }

    @Test func unsetOrEmptyLetsViperChoose() throws {
        #expect(try PluginScanner.pinnedScanners(nil) == nil)
        #expect(try PluginScanner.pinnedScanners("") == nil)
        #expect(PluginScanner.pinnedScanners(environment: [:]) == nil)
    }

    @Test func aWholeNumberFromOneToTheMostPinsTheCount() throws {
        #expect(try PluginScanner.pinnedScanners("1") == 1)
        #expect(try PluginScanner.pinnedScanners("4") == 4)
        #expect(PluginScanner.pinnedScanners(environment: ["VIPER_SCANNERS": "3"]) == 3)
    }

    @Test func anythingElseIsRefusedWithWhatToSet() {
        for value in ["0", "5", "-1", "two", " 2", "2.5"] {
            #expect(throws: PinnedScannersError(value: value), "\(value)") { try PluginScanner.pinnedScanners(value) }
        }
        #expect(PinnedScannersError(value: "two").description
            == "VIPER_SCANNERS=two is not a number of scanners; use a whole number from 1 to 4 "
            + "(the scanners a cold start runs at once, to measure), or unset it to let viper choose")
        #expect(PluginScanner.pinnedScanners(environment: ["VIPER_SCANNERS": "9"]) == nil)
    }

    @Test func aPinnedCountSplitsTheFilesIntoThatManyBatchesInOrder() {
        let files = makeFiles(1000)
        let batches = PluginScanner.batches(files, cores: 2, pinned: 3)
        #expect(batches.map(\.count) == [333, 333, 334])
        #expect(batches.flatMap { $0 }.map(\.path) == files.map(\.path))
        #expect(PluginScanner.batches(files, cores: 8, limit: 1000, pinned: 1).map(\.count) == [1000])
    }

    @Test func aPinnedCountKeepsTheCapOnPluginsAScannerLoads() {
        // Pinned is how many run at once; no batch holds more than the cap (``filesPerScanner``).
        #expect(PluginScanner.batches(makeFiles(1000), cores: 8, pinned: 1).map(\.count) == [500, 500])
        #expect(PluginScanner.batches(makeFiles(1200), cores: 2, limit: 500, pinned: 2).map(\.count) == [400, 400, 400])
    }

    @Test func aPinnedCountStartsThatManyScannersOrOnePerFileWhenFewer() {
        #expect(PluginScanner.batches(makeFiles(3), cores: 2, pinned: 4).map(\.count) == [1, 1, 1])
        #expect(PluginScanner.batches(makeFiles(5), cores: 2, pinned: 4).map(\.count) == [1, 1, 1, 2], "four scanners, not three of 2, 2 and 1")
        #expect(PluginScanner.batches([], cores: 2, pinned: 2).isEmpty)
    }
}
