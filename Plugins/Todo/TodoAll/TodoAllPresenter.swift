import Contracts

/// Names the groups (Overdue, This week, Next week, Week of ..., January 2027) and
/// the rows, numbers the items through every group, and passes on done, delete,
/// edit and undo.
final class TodoAllPresenter: TodoAllListing, TodoAllEventHandling, TodoAllInteractorOutput, TodoItemEditingOutput {
    weak var view: (any TodoAllViewing)?
    private let interactor: any TodoAllInteracting
    private let router: any TodoAllRouting
    private var numbered: [ListedItem] = []
    private var model = TodoAllViewModel()

    init(interactor: any TodoAllInteracting, router: any TodoAllRouting) {
        self.interactor = interactor
        self.router = router
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// The heading of a group.
    static func sectionName(_ period: TodoPeriod) -> String {
        switch period {
        case .overdue: return "Overdue"
        case .week(let start, 0): return "This week (from \(start))"
        case .week(let start, 1): return "Next week (from \(start))"
        case .week(let start, _): return "Week of \(start)"
        case .month(let year, let month): return "\(monthNames[max(0, min(11, month - 1))]) \(year)"
        }
    }

    // MARK: TodoAllListing

    func reloadItems() {
        interactor.doFindAllItems()
    }

    // MARK: TodoAllEventHandling

    func didAppear() {
        model.notice = nil
        interactor.doFindAllItems()
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

    // MARK: TodoAllInteractorOutput

    func handleGroups(_ groups: [TodoGroup]) {
        numbered = groups.flatMap(\.items)
        model.sections = groups.map { group in
            UpcomingDisplaySection(name: Self.sectionName(group.period), rows: group.items.map { "\($0.title) (\(TodoFormat.weekdayName($0.weekday)) \($0.due))" })
        }
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

    // MARK: TodoItemEditingOutput

    func todoEditorDidSave(_ item: TodoItem) {
        model.notice = "Changed '\(item.name)', due \(item.due)."
        interactor.doFindAllItems()
    }

    // MARK: Private

    private func listed(_ number: Int, toDo action: String) throws -> ListedItem {
        guard numbered.indices.contains(number - 1) else {
            throw CommandError(numbered.isEmpty ? "there are no items to \(action)" : "no item \(number); choose 1 to \(numbered.count)")
        }
        return numbered[number - 1]
    }
}
