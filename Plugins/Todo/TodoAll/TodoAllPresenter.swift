import Contracts

/// Names the groups (Overdue, This week, Next week, Week of ..., January 2027, No date) and
/// the rows, and passes on done, delete, reopen, edit, undo, find and tag.
final class TodoAllPresenter: TodoAllListing, TodoAllEventHandling, TodoAllInteractorOutput, TodoItemEditingOutput {
    weak var view: (any TodoAllViewing)?
    private let interactor: any TodoAllInteracting
    private let router: any TodoAllRouting
    private var model = TodoAllViewModel()
    /// Whether the list is drawn as data (`viper --json`).
    private let json: Bool

    init(interactor: any TodoAllInteracting, router: any TodoAllRouting, json: Bool = false) {
        self.interactor = interactor
        self.router = router
        self.json = json
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

    func didComplete(ids: [Int64]) throws {
        try interactor.doCompleteItems(ids: ids)
    }

    func didAskToDelete(ids: [Int64]) throws {
        try interactor.doDeleteItems(ids: ids)
    }

    func didAskToReopen(ids: [Int64]) throws {
        try interactor.doReopenItems(ids: ids)
    }

    func didAskToSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws {
        try interactor.doSetPriority(priority, ids: ids)
    }

    func didAskToAnnotate(id: Int64, text: String) throws {
        try interactor.doAnnotate(id: id, text: text)
    }

    func didAskToEdit(id: Int64, fields: String) throws {
        try interactor.doCheckItem(id: id)
        model.notice = nil
        try router.showEditor(forItem: id, changing: fields, output: self)
    }

    func didAskToModify(id: Int64, fields: String) throws {
        try TodoFormRules.checkModification(id: id, fields: fields)
        try interactor.doCheckItem(id: id)
        model.notice = nil
        try router.modifyItem(id, fields: fields, output: self)
    }

    func didAskToEdit(id: Int64) throws {
        try didAskToEdit(id: id, fields: "")
    }

    func questionBeforeDeleting(ids: [Int64]) -> String? {
        interactor.doFindItems(ids: ids).map(TodoChangeNotice.deleteQuestion)
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
            TodoDisplaySection(name: Self.sectionName(group.period), rows: group.items.map {
                TodoDisplayRow(id: $0.id, text: Self.row($0), notes: $0.notes.map(TodoFormat.note))
            })
        }
        model.filter = TodoListPresenter.filterLine(filter)
        model.error = nil
        if json {
            model.json = TodoJSON.text(groups.flatMap { group in
                group.items.map {
                    TodoJSON.item(id: $0.id, name: $0.title, due: $0.due, time: $0.time, priority: $0.priority,
                                  recurrence: $0.recurrence, notes: $0.notes, group: Self.sectionName(group.period))
                }
            })
        }
        view?.didUpdate(model)
    }

    func handleChange(_ change: TodoChange) {
        model.notice = TodoChangeNotice.text(for: change)
        view?.didUpdate(model)
    }

    func handleFailure(_ message: String) {
        model.error = message
        // Asked for data, the failure is drawn instead of a list that is no longer true.
        model.json = nil
        view?.didUpdate(model)
    }

    // MARK: TodoItemEditingOutput

    func todoEditorDidSave(_ item: TodoSummary) {
        model.notice = "Changed '\(item.title)', \(TodoChangeNotice.dueText(item))."
        interactor.doFindAllItems()
    }

    /// "File taxes (Thursday 2026-12-24)", "[H] Pay rent (Friday 2027-01-01 09:00; every month)",
    /// or the name alone without a date.
    private static func row(_ item: ListedItem) -> String {
        let when = item.due.map { "\(TodoFormat.weekdayName(item.weekday)) \($0)" + (item.time.map { " " + TodoFormat.time($0) } ?? "") }
        return TodoFormat.row(item.title, priority: item.priority, when: when, repeats: item.recurrence)
    }
}
