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

    func didAskForAllItems() throws {
        model.notice = nil
        try router.showAllItems()
    }

    func didAskForFinishedItems() throws {
        model.notice = nil
        try router.showFinishedItems()
    }

    // MARK: TodoListInteractorOutput

    func handleUpcomingItems(_ items: [UpcomingItem], filter: TodoFilter) {
        var sections: [TodoDisplaySection] = []
        for relation in NearTermDateRelation.allCases {
            let due = items.filter { $0.relation == relation }
            guard !due.isEmpty else { continue }
            sections.append(TodoDisplaySection(name: Self.sectionName(relation), rows: due.map { TodoDisplayRow(id: $0.id, text: Self.row($0)) }))
        }
        shown = Set(items.map(\.id))
        model.sections = sections
        model.filter = Self.filterLine(filter)
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

    /// Today's items by name alone; later ones with their weekday (the to-do app's display rule).
    private static func row(_ item: UpcomingItem) -> String {
        let weekday = TodoFormat.weekdayName(item.weekday)
        let date = item.dueDate.map(String.init(describing:)) ?? ""
        switch item.relation {
        case .overdue: return "\(item.title) (was due \(weekday) \(date))"
        case .today, .noDate: return item.title
        case .tomorrow, .laterThisWeek: return "\(item.title) (\(weekday))"
        case .nextWeek: return "\(item.title) (\(weekday) \(date))"
        }
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
