import Contracts
import ViperTestSupport
@testable import NotesPlugin

/// Records what the list Presenter sends its view, and the titles of the children it embeds.
final class SpyNoteListView: ViewSpy<NoteListViewModel>, NoteListViewing {
    private(set) var embedded: [String] = []

    func didEmbed(_ child: any ModuleView) {
        embedded.append(child.title)
    }
}
