import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// `viper --json`: the note list, `find`, `tag NAME` and the trash as one JSON array a script
/// reads, every key always there; signed out, no JSON and one line saying to sign in.
@Suite struct NoteListJSONTests {
    /// Three notes saved on 2026-12-01 at 09:00, 09:01 and 09:02 UTC.
    private func store() throws -> FakeNoteStore {
        let store = FakeNoteStore()
        _ = try store.add(NoteDraft(title: "Groceries", body: "milk\neggs #shop"), modified: 1_796_115_600)
        _ = try store.add(NoteDraft(title: "Running", body: "I run early\non Sundays #health"), modified: 1_796_115_660)
        _ = try store.add(NoteDraft(title: "Empty", body: ""), modified: 1_796_115_720)
        return store
    }

    private func array(_ model: NoteListViewModel?) throws -> [[String: Any]] {
        let text = try #require(model?.json)
        #expect(!text.contains("\n"), "one line")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func theListIsOneArrayWithEveryKeyInTheListsOrder() throws {
        let list = makeNoteList(store: try store(), json: true)
        list.presenter.didAppear()
        let model = list.view.last
        #expect(model?.asData == true)
        let notes = try array(model)
        #expect(notes.map { $0["id"] as? Int } == [3, 2, 1], "newest first, as the list shows them")
        for note in notes {
            #expect(Set(note.keys) == ["id", "title", "tags", "line", "modified", "deleted"])
            #expect(note["deleted"] is NSNull)
        }
        #expect(notes[2]["title"] as? String == "Groceries")
        #expect(notes[2]["tags"] as? [String] == ["shop"])
        #expect(notes[2]["line"] as? String == "milk")
        #expect(notes[2]["modified"] as? String == "2026-12-01T09:00:00Z")
        #expect(notes[0]["line"] as? String == "", "an empty body still has the key")
        #expect(notes[0]["tags"] as? [String] == [])
    }

    @Test func findGivesTheMatchedLineAndTagAndTrashTheirNotes() throws {
        let list = makeNoteList(store: try store(), json: true)
        try list.presenter.didAskToFind("sundays")
        let found = try array(list.view.last)
        #expect(found.map { $0["id"] as? Int } == [2])
        #expect(found.first?["line"] as? String == "on Sundays #health", "the line that matched, not the first")
        try list.presenter.didAskForTag("shop")
        #expect(try array(list.view.last).map { $0["id"] as? Int } == [1])
        try list.presenter.didAskToDelete(ids: [1])
        try list.presenter.didAskForTrash()
        let trash = try array(list.view.last)
        #expect(trash.map { $0["id"] as? Int } == [1])
        #expect(trash.first?["deleted"] is String, "a trashed note says when it was deleted")
        #expect(list.view.last?.error == nil)
    }

    @Test func aLongListIsNotCutShortAsData() throws {
        let store = FakeNoteStore()
        for number in 1...(NoteListInteractor.shownAtMost + 5) {
            _ = try store.add(NoteDraft(title: "Note \(number)", body: "text"))
        }
        let list = makeNoteList(store: store, json: true)
        list.presenter.didAppear()
        #expect(try array(list.view.last).count == NoteListInteractor.shownAtMost + 5)
        #expect(list.view.last?.moreLine == nil)
    }

    @Test func signedOutTheListSaysNoJSONAndOneLineToSignIn() throws {
        let list = makeNoteList(store: try store(), signedInAs: nil, json: true)
        list.presenter.didAppear()
        #expect(list.view.last?.json == nil, "an empty array would say the account has no notes")
        #expect(list.view.last?.error == "nobody is signed in, so there are no notes to list; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)")
        #expect { try list.presenter.didAskToFind("milk") } throws: {
            "\($0)" == "nobody is signed in, so there are no notes to search; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)"
        }
    }

    @Test func showAndTagsAreDataToo() throws {
        let notes = try store()
        _ = try notes.add(NoteDraft(title: "Plan", body: "see [[Running]] and [[Nowhere]]"), modified: 1_796_115_780)
        let list = makeNoteList(store: notes, json: true)
        list.presenter.didAppear()
        try list.presenter.didAskToShow(id: 2, raw: false)
        let shownText = try #require(list.view.last?.json)
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(shownText.utf8)) as? [String: Any])
        #expect(shown["body"] as? String == "I run early\non Sundays #health", "the body as written")
        #expect(shown["modified"] as? String == "2026-12-01T09:01:00Z")
        #expect((shown["linkedFrom"] as? [[String: Any]])?.first?["id"] as? Int == 4)
        try list.presenter.didAskToShow(id: 4, raw: false)
        let planText = try #require(list.view.last?.json)
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(planText.utf8)) as? [String: Any])
        let links = try #require(plan["links"] as? [[String: Any]])
        #expect(links.map { $0["title"] as? String } == ["Running", "Nowhere"])
        #expect(links.first?["id"] as? Int == 2)
        #expect(links.last?["id"] is NSNull, "a link to no note keeps its id key, null")
        #expect(list.view.last?.shown == nil)
        try list.presenter.didAskForTags()
        let tagsText = try #require(list.view.last?.json)
        let tags = try #require(try JSONSerialization.jsonObject(with: Data(tagsText.utf8)) as? [[String: Any]])
        #expect(Set(tags.compactMap { $0["tag"] as? String }) == ["shop", "health"])
        try list.presenter.didAskToFind("")
        #expect(try array(list.view.last).count == 4, "the list comes back with the next change")
    }

    @Test func theViewDrawsOnlyTheJSONLineOrTheError() {
        let presenter = makeNoteList(store: FakeNoteStore()).presenter
        let view = NoteListView(presenter: presenter)
        view.didEmbed(NoteListView(presenter: presenter))
        var model = NoteListViewModel()
        model.asData = true
        model.json = "[]"
        model.notice = "Saved 'x'."
        model.searchLine = "1 note"
        view.didUpdate(model)
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.calls == [.text("[]")], "no status line, notice or search line")
        model.json = nil
        model.error = "nobody is signed in, so there are no notes to list; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)"
        view.didUpdate(model)
        let signedOut = SpyScreen()
        view.render(on: signedOut)
        #expect(signedOut.calls == [.error("nobody is signed in, so there are no notes to list; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)")])
    }
}
