import Contracts
import Foundation

/// Groups upcoming items into sections for the view and refreshes when the add or
/// edit module reports a change (their delegate, as in the to-do app).
final class TodoListPresenter: TodoListing, TodoListEventHandling, TodoListInteractorOutput, TodoAddingOutput,
                               TodoItemEditingOutput {
    weak var view: (any TodoListViewing)?
    private let interactor: any TodoListInteracting
    private let router: any TodoListRouting
    /// The items in the order the view numbers them.
    private var numbered: [UpcomingItem] = []
    private var model = TodoListViewModel()

    init(interactor: any TodoListInteracting, router: any TodoListRouting) {
        self.interactor = interactor
        self.router = router
    }

    /// Section names in the order they are shown.
    static func sectionName(_ relation: NearTermDateRelation) -> String {
        switch relation {
        case .overdue: return "Overdue"
        case .today: return "Today"
        case .tomorrow: return "Tomorrow"
        case .laterThisWeek: return "Later this week"
        case .nextWeek: return "Next week"
        }
    }

    // MARK: TodoListing

    func reloadItems() {
        interactor.doFindUpcomingItems()
    }

    // MARK: TodoListEventHandling

    func didAppear() {
        // A notice is about the last command; the add module's output sets its own after this.
        model.notice = nil
        interactor.doFindUpcomingItems()
    }

    func didAskToAdd(name: String) throws {
        model.notice = nil
        try router.showAddItem(name: name.trimmingCharacters(in: .whitespaces), output: self)
    }

    func didComplete(item: Int) throws {
        interactor.doCompleteItem(id: try listed(item, toDo: "mark done").id)
    }

    func didAskToDelete(item: Int) throws {
        interactor.doDeleteItem(id: try listed(item, toDo: "delete").id)
    }

    func didAskToEdit(item: Int) throws {
        let chosen = try listed(item, toDo: "edit")
        guard let stored = interactor.doFindItem(id: chosen.id) else {
            throw CommandError("item \(item) is no longer stored; the list was read again")
        }
        model.notice = nil
        try router.showEditor(for: stored, output: self)
    }

    func didAskToUndo() {
        model.notice = nil
        interactor.doUndo()
    }

    func didAskForAllItems() throws {
        model.notice = nil
        try router.showAllItems()
    }

    // MARK: TodoListInteractorOutput

    func handleUpcomingItems(_ items: [UpcomingItem]) {
        var sections: [UpcomingDisplaySection] = []
        numbered = []
        for relation in NearTermDateRelation.allCases {
            let due = items.filter { $0.relation == relation }
            guard !due.isEmpty else { continue }
            numbered += due
            sections.append(UpcomingDisplaySection(name: Self.sectionName(relation), rows: due.map { Self.row($0) }))
        }
        model.sections = sections
        model.error = nil
        view?.didUpdate(model)
    }

    func handleChange(_ change: TodoChange) {
        model.notice = TodoChangeNotice.text(for: change)
        view?.didUpdate(model)
    }

    func handleFailure(_ message: String) {
        model.error = message
        view?.didUpdate(model)
    }

    // MARK: TodoAddingOutput

    func todoAdderDidAdd(_ item: TodoItem) {
        model.notice = "Added '\(item.name)' for \(item.due)."
        interactor.doFindUpcomingItems()
        if !numbered.contains(where: { $0.id == item.id }) {
            model.notice = "Added '\(item.name)' for \(item.due); the list shows items due by the end of next week."
            view?.didUpdate(model)
        }
    }

    // MARK: TodoItemEditingOutput

    func todoEditorDidSave(_ item: TodoItem) {
        model.notice = "Changed '\(item.name)', due \(item.due)."
        interactor.doFindUpcomingItems()
    }

    // MARK: Private

    /// The item numbered `number` on screen, or a ``CommandError`` saying which numbers exist.
    private func listed(_ number: Int, toDo action: String) throws -> UpcomingItem {
        guard numbered.indices.contains(number - 1) else {
            throw CommandError(numbered.isEmpty ? "there are no items to \(action)" : "no item \(number); choose 1 to \(numbered.count)")
        }
        return numbered[number - 1]
    }

    /// Today's items by name alone; later ones with their weekday (the to-do app's display rule).
    private static func row(_ item: UpcomingItem) -> String {
        let weekday = TodoFormat.weekdayName(item.weekday)
        switch item.relation {
        case .overdue: return "\(item.title) (was due \(weekday) \(item.dueDate))"
        case .today: return item.title
        case .tomorrow, .laterThisWeek: return "\(item.title) (\(weekday))"
        case .nextWeek: return "\(item.title) (\(weekday) \(item.dueDate))"
        }
    }
}
