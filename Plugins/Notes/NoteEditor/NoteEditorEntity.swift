/// A stored note's content as the editor's Interactor hands it to the Presenter.
struct NoteContent: Equatable {
    let id: Int64
    let title: String
    let body: String
}
