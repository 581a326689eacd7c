import ConformanceKit
import Contracts
import ViperCore

/// A small app of fake modules over a real registry and navigation stack:
///
/// - List, route `list` (the usual start)
/// - Detail, route `items/:id` with query `mode`
/// - Picker, by contract only (presented)
/// - Badge, by contract only (embedded)
/// - Editor, provided as TextEditing and required as FakeNoteEditing through an adapter
package struct FakeApp {
    package let journal = JournalSpy()
    package let logger = MemoryLogger()
    package let list: FakeBuilder
    package let detail: FakeBuilder
    package let picker: FakeBuilder
    package let badge: FakeBuilder
    package let editor: FakeBuilder
    package let stack: NavigationStack

    package init() {
        list = FakeBuilder("List", journal: journal)
        detail = FakeBuilder("Detail", journal: journal)
        picker = FakeBuilder("Picker", journal: journal)
        badge = FakeBuilder("Badge", journal: journal)
        editor = FakeBuilder("Editor", journal: journal)
        let registrar = RecordingRegistrar(plugin: "fake")
        registrar.registerModule(ListContract.self, route: RouteSpec("list", summary: "All items"), builder: list)
        registrar.registerModule(DetailContract.self, route: RouteSpec("items/:id", summary: "One item", query: ["mode"]), builder: detail)
        registrar.registerModule(PickerContract.self, builder: picker)
        registrar.registerModule(BadgeContract.self, builder: badge)
        registrar.registerModule(TextEditing.self, builder: editor)
        registrar.registerAdapter(FakeNoteEditing.self, from: TextEditing.self) { TextToNoteEditing($0) }
        registrar.seal()
        let registry = Registry()
        registry.commit(registrar)
        stack = NavigationStack(registry: registry, logger: logger)
    }

    /// Opens `list` and forgets the journal so far.
    package func openList() throws -> FakePresenter {
        try stack.open(path: "list")
        journal.clear()
        guard let presenter = list.lastPresenter else { throw CommandError("the list was not built") }
        return presenter
    }

    /// The router of the module on screen.
    package var topRouter: any Router {
        get throws {
            guard let top = stack.top else { throw CommandError("nothing is open") }
            return top.router
        }
    }
}
