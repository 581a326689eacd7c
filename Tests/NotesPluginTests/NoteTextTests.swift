import Contracts
import Testing
@testable import NotesPlugin

/// What a note's text means: `#tags`, `[[links]]`, front matter, and Markdown drawn for the terminal.
@Suite struct NoteTextTests {
    @Test func tagsAreHashWordsNotHeadingsNorHashesInsideWords() {
        #expect(NoteText.tags(in: "# Heading\nbuy #Milk and #milk, C# is not, #2 is not, (#work) is\n```\n#code\n```") == ["milk", "work"])
        #expect(NoteText.tags(in: "#home/garden #to-do") == ["home/garden", "to-do"])
    }

    @Test func linksAreDoubleBracketedTitlesEachOnce() {
        #expect(NoteText.links(in: "see [[Groceries]], [[ Plans ]] and [[Groceries]]; not [single] or [[]]") == ["Groceries", "Plans"])
        #expect(NoteText.links("see [[groceries]]", to: "Groceries"))
    }

    @Test func frontMatterGivesTitleTagsAndTimeAndLeavesTheBody() throws {
        let text = "---\ntitle: \"Trip: Rome\"\ntags: [travel, 'city break']\ndate: 2026-03-01\n---\n\nPack light.\n"
        let imported = NoteMarkdown.imported(from: text, fileName: "trip")
        #expect(imported.draft == NoteDraft(title: "Trip: Rome", body: "Pack light.\n\n#travel #city-break"))
        #expect(imported.modified == 1_772_366_400)  // 2026-03-01 12:00 UTC
        let listed = NoteMarkdown.imported(from: "---\ntags:\n  - work\n  - ideas\nupdated: 2026-03-02T08:30:00Z\n---\n# Plan\nstep #work\n", fileName: "plan")
        #expect(listed.draft == NoteDraft(title: "Plan", body: "step #work\n\n#ideas"))
        #expect(listed.modified == 1_772_440_200)
    }

    @Test func aFileWithoutFrontMatterIsReadAsBefore() {
        let imported = NoteMarkdown.imported(from: "# Groceries\n\nmilk\n", fileName: "g")
        #expect(imported == NoteMarkdown.Imported(draft: NoteDraft(title: "Groceries", body: "milk"), modified: nil))
        #expect(NoteMarkdown.imported(from: "---\nnot closed\n", fileName: "odd").draft.body == "---\nnot closed")
    }

    @Test func markdownIsDrawnForTheTerminal() {
        let body = "# Plan\nSome **bold**, *soft* and _also_ text with `co*de*` and 2 * 3.\n- one\n* [x] done\n  1. nested\n> quoted\n"
            + "[site](https://example.test) and <plain> and [[Other]]\n```\nlet x = **y**\n```\n---\nsnake_case stays"
        let lines = TerminalMarkdown.lines(of: body, noteID: { $0 == "Other" ? 4 : nil })
        #expect(lines == [
            .heading("Plan"),
            .text("Some bold, soft and also text with co*de* and 2 * 3."),
            .text("  • one"),
            .text("  • ☑ done"),
            .text("    1. nested"),
            .text("  │ quoted"),
            .text("site <https://example.test> and <plain> and Other [note 4]"),
            .text("    let x = **y**"),
            .text(String(repeating: "─", count: 40)),
            .text("snake_case stays"),
        ])
    }
}
