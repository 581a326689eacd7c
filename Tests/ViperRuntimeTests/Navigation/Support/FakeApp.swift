import ConformanceKit
import Contracts
@testable import ViperCore
@testable import ViperRuntime

/// A small app of fake modules over a real registry and navigation stack:
///
/// - List, route `list` (the usual start)
/// - Detail, route `items/:id` with query `mode`
/// - Picker, by contract only (presented)
/// - Badge, by contract only (embedded)
/// - Editor, provided as TextEditing and required as NoteEditing through an adapter
struct FakeApp {
    let journal = JournalSpy()
    let logger = MemoryLogger()
    let list: FakeBuilder
    let detail: FakeBuilder
    let picker: FakeBuilder
    let badge: FakeBuilder
    let editor: FakeBuilder
    let stack: NavigationStack

    init() {
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
        registrar.registerAdapter(NoteEditing.self, from: TextEditing.self) { TextToNoteEditing($0) }
        registrar.seal()
        let registry = Registry()
        registry.commit(registrar)
        stack = NavigationStack(registry: registry, logger: logger)
    }

    /// Opens `list` and forgets the journal so far.
    func openList() throws -> FakePresenter {
        try stack.open(path: "list")
        journal.clear()
        guard let presenter = list.lastPresenter else { throw CommandError("the list was not built") }
        return presenter
    }

    /// The router of the module on screen.
    var topRouter: any Router {
        get throws {
            guard let top = stack.top else { throw CommandError("nothing is open") }
            return top.router
        }
    }
}
