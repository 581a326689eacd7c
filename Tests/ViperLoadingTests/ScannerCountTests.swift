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

    @Test func theCountIsTheNumberOfBatchesTheScanStartsWith() {
        for cores in [1, 2, 3, 8] {
            for files in [1, 31, 32, 63, 64, 100, 1000, 10_000] {
                #expect(PluginScanner.batches(makeFiles(files), cores: cores).count
                        == PluginScanner.scannerCount(files: files, cores: cores), "\(files) files on \(cores) cores")
            }
        }
    }

    @Test func aThousandFilesOnTwoCoresAreScannedOnTwoProcesses() {
        #expect(PluginScanner.scannerCount(files: 1000, cores: 2) == 2)
        #expect(PluginScanner.scannerCount(files: 10, cores: 2) == 1)
    }
}
