import Testing
import ViperLoading
@testable import ViperBench

/// The minimal hosts load the plugins as viper's scanners do: at most
/// `PluginScanner.filesPerScanner` a process, as many at once as viper runs scanners.
@Suite struct MinimalHostSplitTests {
    private func split(_ files: Int, cores: Int = 2, capped: Bool = true) -> StartupLab.MinimalHostSplit {
        StartupLab.minimalHostSplit(files: files, cores: cores, capped: capped)
    }

    @Test func tenThousandPluginsOnTwoCoresAreTwentyBatchesOf500TwoAtOnce() {
        #expect(split(10_000) == .init(batches: 20, atOnce: 2))
        #expect(split(10_000).perProcess(10_000) == 500)
        #expect(split(10_000).arguments == ["20", "2"])
    }

    @Test func uncappedTheyAreOneBatchPerScanner() {
        #expect(split(10_000, capped: false) == .init(batches: 2, atOnce: 2))
        #expect(split(10_000, capped: false).perProcess(10_000) == 5000)
    }

    @Test func upToTheCapBothSplitsAreTheSame() {
        for files in [0, 10, 100, 1000] {
            #expect(split(files) == split(files, capped: false), "\(files) plugins")
        }
        #expect(split(1000) == .init(batches: 2, atOnce: 2))
        #expect(split(1001) == .init(batches: 3, atOnce: 2))
    }

    /// The batches are exactly viper's: as many, of the same size.
    @Test func theCappedSplitMatchesTheScannersBatches() {
        for files in [1, 31, 499, 1000, 1001, 2500, 10_000] {
            for cores in [1, 2, 4, 8] {
                let files = (0..<files).map { PluginFile(path: "/p/lib\($0).so", folder: PluginFolder(path: "/p", origin: .flag)) }
                let batches = PluginScanner.batches(files, cores: cores)
                let split = split(files.count, cores: cores)
                #expect(split.batches == batches.count, "\(files.count) plugins on \(cores) cores")
                #expect(split.perProcess(files.count) == batches.map(\.count).max())
                #expect(split.atOnce == PluginScanner.scannerCount(files: files.count, cores: cores))
            }
        }
    }

    @Test func theRowsSayWhichSplitTheirBaselineHas() {
        let capped = split(10_000), uncapped = split(10_000, capped: false)
        #expect(
            StartupLab.coldRowName(count: 10_000, kind: .c, split: capped, capped: true)
                == "start-up to first prompt, cold, 10000 plugins vs a minimal C host, 500 plugins a process, 2 at once")
        #expect(
            StartupLab.coldRowName(count: 10_000, kind: .swift, split: uncapped, capped: false)
                == "start-up to first prompt, cold, 10000 plugins vs a minimal Swift host on 2 processes of 5000 plugins, uncapped")
        #expect(
            StartupLab.coldRowName(count: 1000, kind: .c, split: split(1000), capped: true)
                == "start-up to first prompt, cold, 1000 plugins vs a minimal C host on 2 processes")
        #expect(
            StartupLab.coldRowName(count: 10, kind: .c, split: split(10), capped: true)
                == "start-up to first prompt, cold, 10 plugins vs a minimal C host on 1 process")
    }
}
