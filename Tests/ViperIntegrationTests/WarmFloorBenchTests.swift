import Foundation
import Testing
@testable import ViperBench
import ViperTestSupport

/// viper-bench's warm-start floor row: what a warm start must do at least, on this design.
@Suite struct WarmFloorBenchTests {
    @Test func theFloorListsAndStatsEveryVisibleFileOfTheFolder() throws {
        let folder = try TemporaryFolder.make("floor")
        for name in ["liba.so", "libb.so", "notes.txt", ".hidden.so"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1])))
        }
        #expect(StartupLab.listAndStat(folder) == 3)
        #expect(StartupLab.listAndStat(folder + "/missing") == 0)
    }
}
