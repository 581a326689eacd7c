import Testing
@testable import ViperLoading

/// viper-bench's cold-start baselines load plugins on as many processes as viper scans them with
/// (``PluginScanner/scannerCount(files:cores:)``): that count must be the number of batches the
/// scan splits the files into, or the baseline would run on more or fewer processes than viper.
@Suite struct ScannerCountTests {
    private func makeFiles(_ count: Int) -> [PluginFile] {
        let folder = PluginFolder(path: "/plugins", origin: .flag)
        return (0..<count).map { PluginFile(path: "/plugins/lib\($0).so", folder: folder) }
    }

    @Test func theCountIsTheNumberOfBatchesTheScanStartsWithUpToTheLimitAScanner() {
        for cores in [1, 2, 3, 8] {
            for files in [1, 31, 32, 63, 64, 100, PluginScanner.filesPerScanner] {
                #expect(PluginScanner.batches(makeFiles(files), cores: cores).count
                        == PluginScanner.scannerCount(files: files, cores: cores), "\(files) files on \(cores) cores")
            }
        }
    }

    @Test func noBatchHoldsMoreThanTheLimitAndEveryFileIsInOneInOrder() {
        let files = makeFiles(10_000)
        let batches = PluginScanner.batches(files, cores: 2, limit: 1000)
        #expect(batches.count == 10)
        #expect(batches.allSatisfy { $0.count == 1000 })
        #expect(batches.flatMap { $0 }.map(\.path) == files.map(\.path))
    }

    @Test func filesBeyondTheLimitGoToMoreBatchesOfEvenSize() {
        #expect(PluginScanner.batches(makeFiles(2500), cores: 2, limit: 1000).map(\.count) == [834, 834, 832])
        #expect(PluginScanner.batches(makeFiles(2000), cores: 2, limit: 1000).map(\.count) == [1000, 1000])
        #expect(PluginScanner.batches(makeFiles(100), cores: 4, limit: 10).count == 10)
    }

    @Test func aThousandFilesOnTwoCoresStayInTwoBatchesUnderTheDefaultLimit() {
        #expect(PluginScanner.batches(makeFiles(1000), cores: 2).map(\.count) == [500, 500])
        #expect(PluginScanner.batches(makeFiles(10_000), cores: 2).count == 20)
    }

    @Test func theScannersAtOnceStayAtTheCountWhateverTheLimit() {
        #expect(PluginScanner.batchCount(files: 10_000, cores: 2, limit: 1000) == 10)
        #expect(PluginScanner.scannerCount(files: 10_000, cores: 2) == 2)
        #expect(PluginScanner.batchCount(files: 1000, cores: 2, limit: 1000) == 2)
    }

    @Test func aThousandFilesOnTwoCoresAreScannedOnTwoProcesses() {
        #expect(PluginScanner.scannerCount(files: 1000, cores: 2) == 2)
        #expect(PluginScanner.scannerCount(files: 10, cores: 2) == 1)
    }
}
