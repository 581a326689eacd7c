import Contracts

/// What every to-do list's Interactor does the same way: it changes items through
/// ``TodoActions``, hands the change to its Presenter and reads its list again. An Interactor
/// adopts it by giving ``perform(_:)``; the item commands come from the extension below.
protocol TodoItemChanging: AnyObject {
    /// Runs `action` on the data manager, tells the Presenter what changed, and reads the list again.
    func perform(_ action: (TodoActions) throws -> TodoChange) throws
}

extension TodoItemChanging {
    func doCompleteItems(ids: [Int64]) throws {
        try perform { try $0.complete(ids: ids) }
    }

    func doDeleteItems(ids: [Int64]) throws {
        try perform { try $0.delete(ids: ids) }
    }

    func doReopenItems(ids: [Int64]) throws {
        try perform { try $0.reopen(ids: ids) }
    }

    func doSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws {
        try perform { try $0.setPriority(priority, ids: ids) }
    }

    func doAnnotate(id: Int64, text: String) throws {
        try perform { try $0.annotate(id: id, text: text) }
    }

    func doUndo() throws {
        try perform { try $0.undo() }
    }

    func doCompleteItem(id: Int64) throws {
        try doCompleteItems(ids: [id])
    }

    func doDeleteItem(id: Int64) throws {
        try doDeleteItems(ids: [id])
    }

    func doReopenItem(id: Int64) throws {
        try doReopenItems(ids: [id])
    }
}
