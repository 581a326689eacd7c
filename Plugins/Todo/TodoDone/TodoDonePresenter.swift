import Contracts

/// Says when each finished item was done and passes on reopen, delete and undo.
final class TodoDonePresenter: TodoDoneListing, TodoDoneEventHandling, TodoDoneInteractorOutput {
    weak var view: (any TodoDoneViewing)?
    private let interactor: any TodoDoneInteracting
    private var model = TodoDoneViewModel()
    /// Whether the list is drawn as data (`viper --json`).
    private let json: Bool

    init(interactor: any TodoDoneInteracting, json: Bool = false) {
        self.interactor = interactor
        self.json = json
    }

    // MARK: TodoDoneListing

    func reloadItems() {
        interactor.doFindFinishedItems()
    }

    // MARK: TodoDoneEventHandling

    func didAppear() {
        model.notice = nil
        interactor.doFindFinishedItems()
    }

    func didAskToReopen(ids: [Int64]) throws {
        try interactor.doReopenItems(ids: ids)
    }

    func didAskToDelete(ids: [Int64]) throws {
        try interactor.doDeleteItems(ids: ids)
    }

    func questionBeforeDeleting(ids: [Int64]) -> String? {
        interactor.doFindItems(ids: ids).map(TodoChangeNotice.deleteQuestion)
    }

    func didAskToUndo() throws {
        model.notice = nil
        try interactor.doUndo()
    }

    // MARK: TodoDoneInteractorOutput

    func handleFinishedItems(_ items: [FinishedItem]) {
        model.rows = items.map { TodoDisplayRow(id: $0.id, text: Self.row($0)) }
        model.error = nil
        if json {
            model.json = TodoJSON.text(items.map {
                TodoJSON.item(id: $0.id, name: $0.title, due: $0.due, time: nil, priority: nil, recurrence: nil, notes: [],
                              group: "Finished", extra: ["done": $0.doneOn.description])
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

    /// "Pay rent (done Thursday 2026-12-03, was due 2026-12-01)".
    static func row(_ item: FinishedItem) -> String {
        let done = "done \(TodoFormat.weekdayName(item.doneWeekday)) \(item.doneOn)"
        return "\(item.title) (\(done)\(item.due.map { ", was due \($0)" } ?? ""))"
    }
}
