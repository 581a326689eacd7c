import Contracts
import Testing
@testable import NotesPlugin

/// What the notes list's view refuses before its presenter is asked.
@Suite struct NoteListViewCommandTests {
    @Test func showRefusesAnOptionItDoesNotKnowNamingTheOneItTakes() {
        let view = NoteListView(presenter: makeNoteList(store: FakeNoteStore()).presenter)
        #expect {
            try view.perform(CommandInvocation(name: "show", arguments: ["1", "--rw"], rest: "1 --rw"))
        } throws: {
            ($0 as? CommandError)?.message == "'show' takes --raw and nothing else, not '--rw'; e.g. 'show 3 --raw' (the note as written)"
        }
    }
}
