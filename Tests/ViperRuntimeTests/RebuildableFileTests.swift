import Foundation
import Testing
@testable import ViperCore
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// The descriptor cache and the kept graph are replaced whole, and a failed write changes nothing.
@Suite struct RebuildableFileTests {
    @Test func aFileIsReplacedWholeAndNoTemporaryFileIsLeft() throws {
        let folder = try TemporaryFolder.make("rebuildable")
        let path = folder + "/plugin-cache"
        try RebuildableFile.replace(path, with: Array("first\n".utf8), what: "the plugin cache")
        try RebuildableFile.replace(path, with: Array("second\n".utf8), what: "the plugin cache")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plugin-cache"])
    }

    @Test func aMissingFolderGivesAnErrorThatNamesTheFileAndWhatToCheck() throws {
        let folder = try TemporaryFolder.make("rebuildable")
        let error = #expect(throws: HostError.self) {
            try RebuildableFile.replace(folder + "/gone/plugin-graph", with: [1], what: "the kept plugin graph")
        }
        #expect(error.map { "\($0)" }?.hasPrefix("cannot write the kept plugin graph \(folder)/gone/plugin-graph.tmp-") == true, "\(String(describing: error))")
        #expect(error.map { "\($0)" }?.hasSuffix("(No such file or directory); check the data folder's permissions") == true)
    }

    @Test func aRenameThatFailsLeavesWhatWasThereAndNoTemporaryFile() throws {
        let folder = try TemporaryFolder.make("rebuildable")
        // A folder where the file should be: the new file is written, and the rename refused.
        let path = folder + "/plugin-cache"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect(throws: HostError.self) { try RebuildableFile.replace(path, with: Array("new\n".utf8), what: "the plugin cache") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plugin-cache"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["inside"])
    }
}
