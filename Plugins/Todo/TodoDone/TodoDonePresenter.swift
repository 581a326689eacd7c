import Contracts

/// Says when each finished item was done and passes on reopen, delete and undo.
final class TodoDonePresenter: TodoDoneListing, TodoDoneEventHandling, TodoDoneInteractorOutput {
    weak var view: (any TodoDoneViewing)?
    private let interactor: any TodoDoneInteracting
    private var model = TodoDoneViewModel()

    init(interactor: any TodoDoneInteracting) {
        self.interactor = interactor
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

    func didAskToReopen(id: Int64) throws {
        try interactor.doReopenItem(id: id)
    }

    func didAskToDelete(id: Int64) throws {
        try interactor.doDeleteItem(id: id)
    }

    func didAskToUndo() throws {
        model.notice = nil
        try interactor.doUndo()
    }

    // MARK: TodoDoneInteractorOutput

    func handleFinishedItems(_ items: [FinishedItem]) {
        model.rows = items.map { TodoDisplayRow(id: $0.id, text: Self.row($0)) }
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

    /// "Pay rent (done Thursday 2026-12-03, was due 2026-12-01)".
    static func row(_ item: FinishedItem) -> String {
        let done = "done \(TodoFormat.weekdayName(item.doneWeekday)) \(item.doneOn)"
        return "\(item.title) (\(done)\(item.due.map { ", was due \($0)" } ?? ""))"
    }
}
