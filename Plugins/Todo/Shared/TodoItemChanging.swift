import Contracts

/// What every to-do list's Interactor does the same way: it changes one item through
/// ``TodoActions``, hands the change to its Presenter and reads its list again. An Interactor
/// adopts it by giving ``perform(_:)``; the item commands come from the extension below.
protocol TodoItemChanging: AnyObject {
    /// Runs `action` on the data manager, tells the Presenter what changed, and reads the list again.
    func perform(_ action: (TodoActions) throws -> TodoChange) throws
}

extension TodoItemChanging {
    func doCompleteItem(id: Int64) throws {
        try perform { try $0.complete(id: id) }
    }

    func doDeleteItem(id: Int64) throws {
        try perform { try $0.delete(id: id) }
    }

    func doReopenItem(id: Int64) throws {
        try perform { try $0.reopen(id: id) }
    }

    func doUndo() throws {
        try perform { try $0.undo() }
    }
}
