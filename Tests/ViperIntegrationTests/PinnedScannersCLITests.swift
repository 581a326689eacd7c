import Foundation
import Testing

/// `VIPER_SCANNERS` as a user meets it (the sandbox's bench row): a value that is not a
/// scanner count ends `viper` with one line saying what to set, and a pinned cold start runs that
/// many scanners, as its log says.
@Suite struct PinnedScannersCLITests {
    private func log(_ viper: ViperProcess) -> String {
        (try? String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)) ?? ""
    }

    @Test func aBadScannerCountEndsViperWithWhatToSet() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_SCANNERS"] = "two"
        let result = try viper.run(["plugins"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "viper: VIPER_SCANNERS=two is not a number of scanners; use a whole number from 1 to 4 "
            + "(the scanners a cold start runs at once, to measure), or unset it to let viper choose\n")
        #expect(!FileManager.default.fileExists(atPath: viper.dataFolder + "/viper.log"))
    }

    @Test func aPinnedColdStartRunsThatManyScannersAndLogsIt() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_SCANNERS"] = "1"
        let result = try viper.run(["plugins"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(log(viper).contains(" with 1 scanner (pinned at 1 by VIPER_SCANNERS)"), "\(log(viper))")
    }

    @Test func anUnpinnedColdStartLogsThatViperChose() throws {
        let viper = ViperProcess()
        let result = try viper.run(["plugins"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(log(viper).contains("[scan] scanned "), "\(log(viper))")
        #expect(log(viper).contains("(as viper chose)"), "\(log(viper))")
    }
}
