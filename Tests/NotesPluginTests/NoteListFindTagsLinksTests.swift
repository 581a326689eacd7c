import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// `find` matches every word, `tag` filters by `#tag`, `show` draws the note with its tags and
/// links both ways, and `follow` reaches a note by title.
@Suite struct NoteListFindTagsLinksTests {
    private func store() -> FakeNoteStore {
        FakeNoteStore([NoteDraft(title: "Running", body: "I run early on Sundays #health"),
                       NoteDraft(title: "Early birds", body: "get up; see [[Running]] and [[Nowhere]] #Health #birds"),
                       NoteDraft(title: "Groceries", body: "milk, run to the shop")])
    }

    @Test func findListsOnlyNotesWithEveryWord() throws {
        let list = makeNoteList(store: store())
        try list.presenter.didAskToFind("run sundays")
        #expect(list.view.last?.rows.map(\.id) == [1])
        #expect(list.view.last?.searchLine == "1 note with every word of 'run sundays', best match first. Type 'find' to list every note.")
        try list.presenter.didAskToFind("run early")
        #expect(list.view.last?.rows.map(\.id) == [2, 1], "words, not a phrase (Running holds run)")
        try list.presenter.didAskToFind("EARLY")
        #expect(list.view.last?.rows.map(\.id) == [2, 1])
        try list.presenter.didAskToFind("early milk")
        #expect(list.view.last?.rows.isEmpty == true)
        #expect(list.view.last?.emptyMessage == "No note has every word of 'early milk'. Type 'find' to list every note.")
        try list.presenter.didAskToFind("")
        #expect(list.view.last?.rows.count == 3)
    }

    @Test func findWhileNobodyIsSignedInSaysToSignIn() {
        let list = makeNoteList(store: store(), signedInAs: nil)
        #expect { try list.presenter.didAskToFind("milk") } throws: {
            "\($0)" == "nobody is signed in, so there are no notes to search; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)"
        }
    }

    @Test func tagListsTheNotesTaggedWithItInAnyCase() throws {
        let list = makeNoteList(store: store())
        try list.presenter.didAskForTag("#HEALTH")
        #expect(list.view.last?.rows.map(\.id) == [2, 1])
        #expect(list.view.last?.searchLine == "2 notes tagged #health. Type 'tag' to list every note.")
        try list.presenter.didAskForTag("cooking")
        #expect(list.view.last?.emptyMessage == "No note is tagged #cooking; 'tags' lists the tags. Type 'tag' to list every note.")
        try list.presenter.didAskForTags()
        #expect(list.view.last?.tagLines == ["#health (2 notes)", "#birds (1 note)"])
    }

    @Test func showDrawsTheNoteWithItsTagsAndLinksBothWays() throws {
        let list = makeNoteList(store: store())
        try list.presenter.didAskToShow(id: 2, raw: false)
        let shown = try #require(list.view.last?.shown)
        #expect(shown.heading == "Early birds")
        #expect(shown.fields.map(\.label) == ["Note", "Modified", "Tags", "Links to"])
        #expect(shown.fields[3].value == "Running (note 1), Nowhere (no such note yet)")
        #expect(shown.lines == [.text("get up; see Running [note 1] and Nowhere [no note yet] #Health #birds")])
        try list.presenter.didAskToShow(id: 1, raw: false)
        #expect(list.view.last?.shown?.fields.last == ShownField(label: "Linked from", value: "Early birds (note 2)"))
        try list.presenter.didAskToShow(id: 2, raw: true)
        #expect(list.view.last?.shown?.lines == [.text("get up; see [[Running]] and [[Nowhere]] #Health #birds")])
    }

    @Test func followShowsTheNoteOfATitleOrSaysHowToWriteIt() throws {
        let list = makeNoteList(store: store())
        try list.presenter.didAskToFollow(title: "[[running]]")
        #expect(list.view.last?.shown?.heading == "Running")
        #expect { try list.presenter.didAskToFollow(title: "Nowhere") } throws: {
            "\($0)" == "no note is titled 'Nowhere'; 'new Nowhere' writes it"
        }
    }

    @Test func showingAnIdThatIsNotThereSaysSo() {
        let list = makeNoteList(store: store())
        #expect { try list.presenter.didAskToShow(id: 8, raw: false) } throws: {
            "\($0)" == "ada has no note 8 (each account has its own notes and ids); the list shows yours"
        }
    }

    @Test func aFoundNoteShowsTheLineThatMatched() throws {
        let list = makeNoteList(store: FakeNoteStore([NoteDraft(title: "Diary", body: "Monday: rain\nTuesday: ran early\nWednesday: rest")]))
        try list.presenter.didAskToFind("early")
        #expect(list.view.last?.rows.first?.text.hasPrefix("Diary — Tuesday: ran early (modified ") == true)
        try list.presenter.didAskToFind("")
        #expect(list.view.last?.rows.first?.text.hasPrefix("Diary — Monday: rain (modified ") == true)
    }
}
