import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import NotesPlugin

/// Notes are named by their stable ids in every command, and a deleted note goes to the trash,
/// from where `undo` and `restore` bring it back with its id, across lists (restarts).
@Suite struct NoteListIdsAndTrashTests {
    private func store() -> FakeNoteStore {
        FakeNoteStore([NoteDraft(title: "Groceries", body: "milk"), NoteDraft(title: "Plans", body: "trip #travel"),
                       NoteDraft(title: "Diary", body: "")])
    }

    @Test func eachRowStartsWithTheNotesIdNewestFirst() {
        let list = makeNoteList(store: store())
        list.presenter.didAppear()
        #expect(list.view.last?.rows.map(\.id) == [3, 2, 1])
        #expect(list.view.last?.rows.map(\.text).first == "Diary (modified 1970-01-01 00:16)")
        #expect(list.view.last?.rows.map(\.text)[1] == "Plans — trip #travel (modified 1970-01-01 00:16)", "a tag in the line is not repeated")
    }

    @Test func deletingTheSameIdTwiceDeletesOneNoteAndSaysWhereItWent() throws {
        let notes = store()
        let list = makeNoteList(store: notes)
        list.presenter.didAppear()
        try list.presenter.didAskToDelete(ids: [2])
        #expect(list.view.last?.notice == "Deleted 'Plans' (note 2): it is in the trash. Type 'undo' (or 'restore 2') to bring it back.")
        #expect { try list.presenter.didAskToDelete(ids: [2]) } throws: {
            "\($0)" == "note 2 is in the trash; 'restore 2' (or 'undo') brings it back"
        }
        #expect(try notes.notes().map(\.id) == [3, 1], "the second delete reached nothing")
        #expect(list.view.last?.rows.map(\.id) == [3, 1])
    }

    @Test func anIdTheAccountDoesNotHaveIsRefusedSayingWhose() {
        let list = makeNoteList(store: store(), signedInAs: "bob")
        #expect { try list.presenter.didAskToEdit(id: 9) } throws: {
            "\($0)" == "bob has no note 9 (each account has its own notes and ids); the list shows yours"
        }
        #expect(list.router.routes.isEmpty)
    }

    @Test func undoInANewListBringsBackTheNoteDeletedLastWithItsId() throws {
        let notes = store()
        let first = makeNoteList(store: notes)
        try first.presenter.didAskToDelete(ids: [1])
        try first.presenter.didAskToDelete(ids: [3])
        let later = makeNoteList(store: notes)  // as after a restart: the trash is the store's
        try later.presenter.didAskToUndo()
        #expect(later.view.last?.notice == "Back: 'Diary' (note 3).")
        try later.presenter.didAskToUndo()
        #expect(try notes.notes().map(\.id).sorted() == [1, 2, 3])
        #expect { try later.presenter.didAskToUndo() } throws: {
            "\($0)" == "nothing to undo: the trash is empty ('undo' brings back the note deleted last)"
        }
    }

    @Test func theTrashListsDeletedNotesAndRestoresOrEmpties() throws {
        let notes = store()
        let list = makeNoteList(store: notes)
        try list.presenter.didAskToDelete(ids: [1])
        try list.presenter.didAskToDelete(ids: [2])
        try list.presenter.didAskForTrash()
        #expect(list.view.last?.rows.map(\.id) == [2, 1])
        #expect(list.view.last?.rows.first?.text.hasSuffix("(deleted 1970-01-01 00:16)") == true)
        #expect(list.view.last?.searchLine?.hasPrefix("The trash: 2 notes, deleted last first.") == true)
        try list.presenter.didAskToRestore(id: 1)
        #expect(list.view.last?.rows.map(\.id) == [3, 1], "back on the list, with its modified time")
        #expect { try list.presenter.didAskToRestore(id: 3) } throws: { "\($0)" == "the trash has no note 3; 'trash' lists what it holds" }
        try list.presenter.didAskToEmptyTrash()
        #expect(notes.trash.isEmpty)
        #expect(list.view.last?.notice == "The trash is empty: its notes are deleted for good.")
    }

    @Test func theQuestionsNameTheNoteAndItsId() {
        let list = makeNoteList(store: store())
        #expect(list.presenter.deleteQuestion(ids: [2]) == "Delete 'Plans' (note 2)?")
        #expect(list.presenter.deleteQuestion(ids: [7]) == nil, "no question: the command says there is no note 7")
        #expect(list.presenter.emptyTrashQuestion() == "Delete every note in the trash for good (no undo)?")
    }

    @Test func whileNobodyIsSignedInAChangeByIdWaitsForTheSignInThenNamesTheSameId() throws {
        let notes = store()
        let list = makeNoteList(store: notes, signedInAs: nil)
        try list.presenter.didAskToDelete(ids: [2])
        #expect(list.router.routes == [.login(reason: "Sign in to change notes.")])
        list.presenter.loginDidSucceed(User(name: "ada"))
        #expect(try notes.notes().map(\.id) == [3, 1], "note 2, not item 2 of some list")
    }

    @Test func theViewReadsIdsAndRefusesWhatIsNotOne() throws {
        #expect(try NoteListView.noteID(CommandInvocation(name: "show", arguments: ["12", "--raw"], rest: "12 --raw"), ignoring: "--raw") == 12)
        #expect { try NoteListView.noteID(CommandInvocation(name: "edit", arguments: ["two"], rest: "two")) } throws: {
            "\($0)" == "'two' is not a note id; give the number shown before the note, e.g. 'edit 3'"
        }
        #expect { try NoteListView.noteID(CommandInvocation(name: "delete", arguments: [], rest: "")) } throws: {
            "\($0)" == "delete needs a note's id, the number shown before it, e.g. 'delete 3'"
        }
    }

    @Test func aLongListShowsTheNewestHundredAndSaysHowToSeeTheRest() {
        let notes = FakeNoteStore((1...105).map { NoteDraft(title: "Note \($0)", body: String(repeating: "word ", count: 30)) })
        let list = makeNoteList(store: notes)
        list.presenter.didAppear()
        #expect(list.view.last?.rows.count == 100)
        #expect(list.view.last?.rows.first?.id == 105)
        #expect(list.view.last?.moreLine == "Showing 100 of 105 notes; 'find WORDS' or 'tag NAME' narrows the list, 'all' shows every one.")
        #expect(list.view.last?.rows.first?.text == "Note 105 — " + String(repeating: "word ", count: 12).dropLast() + "… (modified 1970-01-01 00:18)",
                "a long first line is cut to 60 characters")
        list.presenter.didAskForEveryNote()
        #expect(list.view.last?.rows.count == 105)
        #expect(list.view.last?.moreLine == nil)
    }

    @Test func severalIdsAreDeletedTogetherOrNotAtAll() throws {
        let notes = store()
        let list = makeNoteList(store: notes)
        #expect(list.presenter.deleteQuestion(ids: [1, 3, 1]) == "Delete 2 notes: 'Groceries' (note 1), 'Diary' (note 3)?")
        #expect { try list.presenter.didAskToDelete(ids: [1, 9]) } throws: {
            "\($0)" == "ada has no note 9 (each account has its own notes and ids); the list shows yours"
        }
        #expect(try notes.notes().count == 3, "one wrong id deletes nothing")
        try list.presenter.didAskToDelete(ids: [1, 3])
        #expect(list.view.last?.notice == "Deleted 'Groceries' (note 1), 'Diary' (note 3): they are in the trash. Type 'undo' to bring back the last, or 'restore ID'.")
        #expect(try notes.notes().map(\.id) == [2])
        #expect(try NoteListView.noteIDs(CommandInvocation(name: "delete", arguments: ["2", "5"], rest: "2 5")) == [2, 5])
        #expect { try NoteListView.noteIDs(CommandInvocation(name: "delete", arguments: ["2", "x"], rest: "2 x")) } throws: {
            "\($0)" == "'x' is not a note id; give the numbers shown before the notes, e.g. 'delete 3 5'"
        }
    }
}
