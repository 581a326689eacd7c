import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// `export DIR` and `import DIR`: one Markdown file per note, the title as its heading, the
/// modified time kept on the file, and nothing that is there replaced.
@Suite struct NoteMarkdownTests {
    @Test func aNoteIsItsTitleAsAHeadingThenItsBody() {
        #expect(NoteMarkdown.text(title: "Groceries", body: "milk\neggs") == "# Groceries\n\nmilk\neggs\n")
        #expect(NoteMarkdown.text(title: "Empty", body: "") == "# Empty\n")
        #expect(NoteMarkdown.draft(from: "# Groceries\n\nmilk\neggs\n", fileName: "x") == NoteDraft(title: "Groceries", body: "milk\neggs"))
        #expect(NoteMarkdown.draft(from: "just text\r\nmore\r\n", fileName: "plans") == NoteDraft(title: "plans", body: "just text\nmore"))
    }

    @Test func fileNamesAreSlugsThatNeverClash() {
        #expect(NoteMarkdown.fileName(title: "Groceries for Sunday!", id: 1, taken: []) == "groceries-for-sunday.md")
        #expect(NoteMarkdown.fileName(title: "Groceries", id: 2, taken: ["groceries.md", "groceries-2.md"]) == "groceries-3.md")
        #expect(NoteMarkdown.fileName(title: "Ça va?", id: 7, taken: []) == "a-va.md")
        #expect(NoteMarkdown.fileName(title: "!!!", id: 7, taken: []) == "note-7.md")
    }

    @Test func exportWritesEachNoteWithItsModifiedTimeAndImportReadsThemBack() throws {
        let folder = try TemporaryFolder.make("markdown")
        let source = FakeNoteStore([NoteDraft(title: "Groceries", body: "milk\neggs"), NoteDraft(title: "Plans", body: "")])
        let exporter = NoteListInteractor(store: source, session: StubSession(signedInAs: "ada"), logger: MemoryLogger())
        let output = SpyNoteListOutput()
        exporter.output = output
        try exporter.doExportNotes(to: folder + "/out")
        let files = try FileMarkdownFolder().markdownFiles(in: folder + "/out").files
        #expect(files.map(\.name) == ["groceries.md", "plans.md"])
        #expect(files.first?.text == "# Groceries\n\nmilk\neggs\n")
        #expect(files.map(\.modified) == (try source.notes()).sorted { $0.title < $1.title }.map(\.modified))

        let target = FakeNoteStore()
        let importer = NoteListInteractor(store: target, session: StubSession(signedInAs: "ada"), logger: MemoryLogger())
        importer.output = output
        #expect(try importer.doImportNotes(from: folder + "/out") == NoteImportReport(folder: folder + "/out", imported: 2))
        #expect(try target.notes().map(\.title).sorted() == ["Groceries", "Plans"])
        #expect(try target.notes().sorted { $0.title < $1.title }.map(\.modified) == files.map(\.modified),
                "each note keeps its file's modified time")
        #expect(output.transfers == ["exported 2 to \(folder)/out"])
    }

    @Test func aTildeIsTheHomeFolderOfHOME() {
        let folder = FileMarkdownFolder(home: "/home/ada")
        #expect(folder.resolve("~/notes") == "/home/ada/notes")
        #expect(folder.resolve("~") == "/home/ada")
        #expect(folder.resolve("/srv/~notes") == "/srv/~notes")
    }

    @Test func exportNeverReplacesAFileAndImportSaysWhenThereIsNothing() throws {
        let folder = try TemporaryFolder.make("markdown")
        try "mine\n".write(toFile: folder + "/groceries.md", atomically: true, encoding: .utf8)
        let interactor = NoteListInteractor(store: FakeNoteStore([NoteDraft(title: "Groceries", body: "milk")]),
                                            session: StubSession(signedInAs: "ada"), logger: MemoryLogger())
        try interactor.doExportNotes(to: folder)
        #expect(try String(contentsOfFile: folder + "/groceries.md", encoding: .utf8) == "mine\n")
        #expect(try String(contentsOfFile: folder + "/groceries-2.md", encoding: .utf8) == "# Groceries\n\nmilk\n")
        let empty = try TemporaryFolder.make("markdown-empty")
        #expect { try interactor.doImportNotes(from: empty) } throws: { "\($0)" == "\(empty) holds no .md files; give a folder of Markdown files (an export writes one)" }
        #expect { try interactor.doExportNotes(to: " ") } throws: { "\($0)" == "export needs a folder, e.g. 'export ~/notes'" }
    }
}
