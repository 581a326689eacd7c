import Contracts
import Foundation

/// Groups upcoming items into sections for the view and refreshes when the add or
/// edit module reports a change (their delegate, as in the to-do app).
final class TodoListPresenter: TodoListing, TodoListEventHandling, TodoListInteractorOutput, TodoAddingOutput,
                               TodoItemEditingOutput, TodoAddedItemOutput {
    weak var view: (any TodoListViewing)?
    private let interactor: any TodoListInteracting
    private let router: any TodoListRouting
    /// The ids on screen, to tell the user when a new item is not on this list.
    private var shown: Set<Int64> = []
    private var model = TodoListViewModel()
    /// Whether the list is drawn as data (`viper --json`).
    private let json: Bool

    init(interactor: any TodoListInteracting, router: any TodoListRouting, json: Bool = false) {
        self.interactor = interactor
        self.router = router
        self.json = json
    }

    /// Section names in the order they are shown.
    static func sectionName(_ relation: NearTermDateRelation) -> String {
        switch relation {
        case .overdue: return "Overdue"
        case .today: return "Today"
        case .tomorrow: return "Tomorrow"
        case .laterThisWeek: return "Later this week"
        case .nextWeek: return "Next week"
        case .noDate: return "No date"
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

    func didAskToImport(path: String) throws {
        model.notice = nil
        try interactor.doImport(path: path)
    }

    func didAskToExport(path: String) throws {
        model.notice = nil
        try interactor.doExport(path: path)
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

    func didAskForAllItems() throws {
        model.notice = nil
        try router.showAllItems()
    }

    func didAskForFinishedItems() throws {
        model.notice = nil
        try router.showFinishedItems()
    }

    // MARK: TodoListInteractorOutput

    func handleUpcomingItems(_ found: UpcomingItems, filter: TodoFilter) {
        let items = found.items
        var sections: [TodoDisplaySection] = []
        for relation in NearTermDateRelation.allCases {
            let due = items.filter { $0.relation == relation }
            guard !due.isEmpty else { continue }
            sections.append(TodoDisplaySection(name: Self.sectionName(relation), rows: due.map {
                TodoDisplayRow(id: $0.id, text: Self.row($0), notes: $0.notes.map(TodoFormat.note))
            }))
        }
        shown = Set(items.map(\.id))
        model.sections = sections
        model.filter = Self.filterLine(filter)
        model.later = Self.laterLine(found.later, filter: filter)
        model.error = nil
        if json {
            model.json = TodoJSON.text(items.map {
                TodoJSON.item(id: $0.id, name: $0.title, due: $0.dueDate, time: $0.time, priority: $0.priority,
                              recurrence: $0.recurrence, notes: $0.notes, group: Self.sectionName($0.relation))
            })
        }
        view?.didUpdate(model)
    }

    /// Says how many items the list leaves for later, so a filter never hides them unseen.
    static func laterLine(_ count: Int, filter: TodoFilter) -> String? {
        guard count > 0 else { return nil }
        let items = count == 1 ? "1 more item" : "\(count) more items"
        let which: String
        switch filter {
        case .all: which = ""
        case .text(let text): which = " whose name holds '\(text)'"
        case .tag(let tag): which = " tagged +\(tag)"
        }
        return "\(items)\(which) \(count == 1 ? "is" : "are") due after next week: 'all' shows \(count == 1 ? "it" : "them")."
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

    // MARK: TodoAddingOutput, TodoAddedItemOutput

    func todoAdderDidAdd(_ item: TodoItem) {
        todoAdderDidAdd(TodoSummary(id: item.id, title: item.name, due: nil), dueText: "for \(item.due)")
    }

    func todoAdderDidAdd(_ item: TodoSummary, dueText: String) {
        model.notice = "Added '\(item.title)' (id \(item.id)) \(dueText)."
        interactor.doFindUpcomingItems()
        if !shown.contains(item.id) {
            model.notice = "Added '\(item.title)' (id \(item.id)) \(dueText); this list shows items due by the end of next week, 'all' shows every item."
            view?.didUpdate(model)
        }
    }

    // MARK: TodoItemEditingOutput

    func todoEditorDidSave(_ item: TodoSummary) {
        model.notice = "Changed '\(item.title)', \(TodoChangeNotice.dueText(item))."
        interactor.doFindUpcomingItems()
    }

    // MARK: Private

    /// Today's items by name alone (and their time); later ones with their weekday (the to-do
    /// app's display rule); a priority before the name and a repeat after it.
    private static func row(_ item: UpcomingItem) -> String {
        let weekday = TodoFormat.weekdayName(item.weekday)
        let date = item.dueDate.map(String.init(describing:)) ?? ""
        let time = item.time.map { " " + TodoFormat.time($0) } ?? ""
        let when: String?
        switch item.relation {
        case .overdue: when = "was due \(weekday) \(date)\(time)"
        case .today: when = item.time.map(TodoFormat.time)
        case .noDate: when = nil
        case .tomorrow, .laterThisWeek: when = "\(weekday)\(time)"
        case .nextWeek: when = "\(weekday) \(date)\(time)"
        }
        return TodoFormat.row(item.title, priority: item.priority, when: when, repeats: item.recurrence)
    }

    /// The line saying what the list is limited to; nil for every item.
    static func filterLine(_ filter: TodoFilter) -> String? {
        switch filter {
        case .all: return nil
        case .text(let text): return "Items whose name holds '\(text)'. Type 'find' alone to show every item."
        case .tag(let tag): return "Items tagged +\(tag). Type 'tag' alone to show every item."
        }
    }
}
