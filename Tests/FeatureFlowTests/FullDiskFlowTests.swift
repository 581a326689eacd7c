import Foundation
import Testing
import ViperTestSupport

/// A full disk through the built `viper`: the data folder on a 512 KiB tmpfs (room for both databases, their WAL and the notes index). Sign
/// in and start a note, fill the disk, `save`, free the disk, `save`, write another note
/// and `save`: both notes are kept. Before the fix the first failed COMMIT broke every
/// later save (`SAVEPOINT viper_-1`) and both notes were lost. Needs root to mount.
@Suite(.serialized) struct FullDiskFlowTests {
    @Test func bothNotesSurviveASaveThatFailedOnAFullDisk() throws {
        let disk = try SmallDisk(kibibytes: 512)
        defer { disk.unmount() }
        var session = ViperSession()
        session.environment["VIPER_DATA_DIR"] = disk.path
        let viper = try session.start()
        for line in ["open notes", "new First", "signup ada secret", "add one"] {
            viper.send(line)
        }
        try viper.waitFor("one")
        try viper.waitFor("Commands: title")
        #expect(disk.fill() > 0)
        viper.send("save")
        try viper.waitFor("cannot save the note")
        disk.free()
        viper.send("save")
        try viper.waitFor("Saved 'First'.")
        for line in ["new Second", "add two", "save"] {
            viper.send(line)
        }
        try viper.waitFor("Saved 'Second'.")
        let end = try viper.finish()

        // A piped session in which a save failed exits non-zero and says why, once, on stderr.
        #expect(end.status == 1, "\(end.stderr)")
        let errors = end.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(end.stderr)")
        #expect(errors.first == "error: data may not be saved: \(disk.path)/notes.sqlite: database or disk is full (in: COMMIT)",
                "\(end.stderr)")

        let after = try session.shell(["open notes", "login", "signin ada secret", "quit"])
        let notes = Screens(after.stdout).last("Home › Notes")
        #expect(notes.contains { $0.hasPrefix("  2. Second — two (modified ") }, "\(after.stdout)")
        #expect(notes.contains { $0.hasPrefix("  1. First — one (modified ") }, "\(after.stdout)")
        #expect(after.status == 0, "\(after.stderr)")
    }
}
