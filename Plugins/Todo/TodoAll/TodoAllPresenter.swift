import Contracts

/// Names the groups (Overdue, This week, Next week, Week of ..., January 2027, No date) and
/// the rows, and passes on done, delete, reopen, edit, undo, find and tag.
final class TodoAllPresenter: TodoAllListing, TodoAllEventHandling, TodoAllInteractorOutput, TodoItemEditingOutput {
    weak var view: (any TodoAllViewing)?
    private let interactor: any TodoAllInteracting
    private let router: any TodoAllRouting
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
        case .noDate: return "No date"
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

    func didComplete(id: Int64) throws {
        try interactor.doCompleteItem(id: id)
    }

    func didAskToDelete(id: Int64) throws {
        try interactor.doDeleteItem(id: id)
    }

    func didAskToReopen(id: Int64) throws {
        try interactor.doReopenItem(id: id)
    }

    func didAskToEdit(id: Int64) throws {
        try interactor.doCheckItem(id: id)
        model.notice = nil
        try router.showEditor(forItem: id, output: self)
    }

    func didAskToUndo() throws {
        model.notice = nil
        try interactor.doUndo()
    }

    func didAskToFind(_ text: String) {
        model.notice = nil
        interactor.doFilter(.finding(text))
    }

    func didAskForTag(_ tag: String) {
        model.notice = nil
        interactor.doFilter(.tagged(tag))
    }

    // MARK: TodoAllInteractorOutput

    func handleGroups(_ groups: [TodoGroup], filter: TodoFilter) {
        model.sections = groups.map { group in
            TodoDisplaySection(name: Self.sectionName(group.period), rows: group.items.map { TodoDisplayRow(id: $0.id, text: Self.row($0)) })
        }
        model.filter = TodoListPresenter.filterLine(filter)
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

    func todoEditorDidSave(_ item: TodoSummary) {
        model.notice = "Changed '\(item.title)', \(TodoChangeNotice.dueText(item))."
        interactor.doFindAllItems()
    }

    /// "File taxes (Thursday 2026-12-24)", or the name alone without a date.
    private static func row(_ item: ListedItem) -> String {
        guard let due = item.due else { return item.title }
        return "\(item.title) (\(TodoFormat.weekdayName(item.weekday)) \(due))"
    }
}
