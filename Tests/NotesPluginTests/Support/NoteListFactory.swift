import ConformanceKit
import Contracts
@testable import NotesPlugin

/// The list's Presenter and Interactor over `store` and a session signed in as `user` (nil:
/// nobody), with its Router and View doubles; the clock reads 2026-01-05 09:00 UTC on.
/// `json`: built as `viper --json` builds it (lists as data, every note in them).
func makeNoteList(store: FakeNoteStore, signedInAs user: String? = "ada", json: Bool = false)
    -> (presenter: NoteListPresenter, interactor: NoteListInteractor, router: SpyNoteListRouter, view: SpyNoteListView) {
    let interactor = NoteListInteractor(store: store, session: StubSession(signedInAs: user), logger: MemoryLogger(),
                                        shownAtMost: json ? nil : NoteListInteractor.shownAtMost)
    let router = SpyNoteListRouter()
    let presenter = NoteListPresenter(interactor: interactor, router: router, json: json)
    let view = SpyNoteListView()
    interactor.output = presenter
    presenter.view = view
    return (presenter, interactor, router, view)
}
