import Foundation
import Testing

/// `import DIR` through the built `viper`: each file's modified time is the note's.
@Suite struct NotesImportFlowTests {
    @Test func anImportedNoteKeepsItsFilesModifiedTime() throws {
        let session = ViperSession()
        let folder = session.home + "/journal"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "# New year\n\nresolutions\n".write(toFile: folder + "/new-year.md", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_577_836_800)],
                                              ofItemAtPath: folder + "/new-year.md")
        let result = try session.shell(["open notes", "import \(folder)", "signup ada secret", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let list = Screens(result.stdout).last("Home › Notes")
        #expect(list.contains("  1. New year — resolutions (modified 2020-01-01 00:00)"), "\(result.stdout)")
    }
}
