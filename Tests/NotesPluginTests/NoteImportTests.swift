import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// `import DIR`: a file that cannot be read is named and skipped while the others come in, and
/// the command fails; front matter is read; a file imported twice gives one note.
@Suite struct NoteImportTests {
    private func folder(_ files: [String: [UInt8]]) throws -> String {
        let folder = try TemporaryFolder.make("import")
        for (name, bytes) in files {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes)))
        }
        return folder
    }

    @Test func aBadFileIsNamedAndSkippedAndTheRestAreImportedAndTheCommandFails() throws {
        var files = (1...10).reduce(into: [String: [UInt8]]()) { $0["note\($1).md"] = Array("# Note \($1)\n\ntext\n".utf8) }
        files["latin1.md"] = [0x23, 0x20, 0x43, 0x61, 0x66, 0xE9, 0x0A]  // "# Café" in Latin-1
        let path = try folder(files)
        let store = FakeNoteStore()
        let list = makeNoteList(store: store)
        #expect { try list.presenter.didAskToImport(from: path) } throws: {
            "\($0)" == "imported 10 notes from \(path); skipped latin1.md is not UTF-8 text (convert it, e.g. with iconv); fix it and import again (what is in stays once)"
        }
        #expect(try store.notes().count == 10)
    }

    @Test func importingTheSameFilesTwiceAddsNothingTheSecondTime() throws {
        let path = try folder(["a.md": Array("# A\n\none\n".utf8), "b.md": Array("---\ntitle: B\ntags: [x]\n---\ntwo\n".utf8)])
        let store = FakeNoteStore()
        let list = makeNoteList(store: store)
        try list.presenter.didAskToImport(from: path)
        #expect(list.view.last?.notice == "Imported 2 notes from \(path).")
        try list.presenter.didAskToImport(from: path)
        #expect(list.view.last?.notice == "Imported 0 notes from \(path); 2 files were already there (a.md, b.md).")
        #expect(try store.notes().map(\.title).sorted() == ["A", "B"])
        #expect(try store.notes().first { $0.title == "B" }?.body == "two\n\n#x", "the front matter is not in the body")
    }

    @Test func theFrontMattersDateIsTheNotesTime() throws {
        let path = try folder(["d.md": Array("---\ntitle: Dated\ndate: 2026-03-01\n---\nbody\n".utf8)])
        let store = FakeNoteStore()
        _ = try makeNoteList(store: store).interactor.doImportNotes(from: path)
        #expect(try store.notes().first?.modified == 1_772_366_400)
    }

    @Test func aVaultsFoldersAreReadAndItsHiddenFoldersAreNot() throws {
        let path = try folder(["top.md": Array("# Top\n".utf8)])
        try FileManager.default.createDirectory(atPath: path + "/trips/2026", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/.obsidian", withIntermediateDirectories: true)
        try "no heading\n".write(toFile: path + "/trips/2026/rome.md", atomically: true, encoding: .utf8)
        try "# Settings\n".write(toFile: path + "/.obsidian/workspace.md", atomically: true, encoding: .utf8)
        let store = FakeNoteStore()
        let report = try makeNoteList(store: store).interactor.doImportNotes(from: path)
        #expect(report.imported == 2)
        #expect(try store.notes().map(\.title).sorted() == ["Top", "rome"], "a file without a heading is titled by its name")
    }
}
