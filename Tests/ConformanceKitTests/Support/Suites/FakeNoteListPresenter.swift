import Contracts

/// A ``NoteListing`` module that lists the ``NoteStore``'s notes; each flaw breaks
/// one promise of the contract.
final class FakeNoteListPresenter: FakePresenter, NoteListing {
    enum Flaw: CaseIterable {
        /// Draws a bare heading instead of an empty state.
        case noEmptyState
        /// Lists the notes oldest first.
        case oldestFirst
        /// reloadNotes() does nothing.
        case ignoresReload
    }

    private let store: any NoteStore
    private let flaw: Flaw?
    private var titles: [String] = []

    init(context: any ModuleContext, flaw: Flaw?) throws {
        store = try context.resolver.resolve(NoteStore.self)
        self.flaw = flaw
    }

    func didAppear() { load() }

    func reloadNotes() {
        if flaw != .ignoresReload { load() }
    }

    func render(on screen: any Screen) {
        if titles.isEmpty {
            if flaw == .noEmptyState { screen.heading("Notes") } else { screen.empty("No notes yet") }
        } else {
            screen.list(titles)
        }
    }

    private func load() {
        let notes = (try? store.notes().map(\.title)) ?? []
        titles = flaw == .oldestFirst ? notes.reversed() : notes
    }
}
