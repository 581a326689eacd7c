import Foundation
import Testing
import ViperHostTestSupport
@testable import ViperLoading
@testable import ViperRuntime

/// Start-up and `VIPER_SCANNERS`: a value that is not a scanner count stops start-up
/// before it makes the data folder or scans anything, and the scan's log line says how many scanners ran and why.
@Suite struct PinnedScannersStartupTests {
    @Test func aBadScannerCountStopsStartUpBeforeTheDataFolderIsMade() throws {
        var options = TestRuntime.options(try TestRuntime.makeFolders())
        let data = options.dataFolder + "/not-yet"
        options.dataFlag = data
        options.environment["VIPER_SCANNERS"] = "lots"
        let runtime = HostRuntime(options: options)
        #expect(throws: PinnedScannersError(value: "lots")) { try runtime.start() }
        #expect(!FileManager.default.fileExists(atPath: data))
        #expect(!runtime.isStarted)
    }

    @Test func theScanLineSaysHowManyScannersRanAndWhy() {
        let tally = ScannerTally()
        tally.started = 3
        #expect(CachedScan.scanLine(files: 1000, tally: tally, pinned: nil) == "scanned 1000 files with 3 scanners (as viper chose)")
        tally.started = 1
        #expect(CachedScan.scanLine(files: 1, tally: tally, pinned: 1) == "scanned 1 file with 1 scanner (pinned at 1 by VIPER_SCANNERS)")
    }
}
