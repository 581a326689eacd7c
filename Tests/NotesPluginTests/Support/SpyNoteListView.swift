import Contracts
@testable import NotesPlugin

/// Records what the list Presenter sends its view.
final class SpyNoteListView: NoteListViewing {
    private(set) var models: [NoteListViewModel] = []
    private(set) var embedded: [String] = []
    var last: NoteListViewModel? { models.last }

    func didUpdate(_ model: NoteListViewModel) {
        models.append(model)
    }

    func didEmbed(_ child: any ModuleView) {
        embedded.append(child.title)
    }
}
