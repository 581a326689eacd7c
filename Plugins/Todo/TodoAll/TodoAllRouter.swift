import Contracts

/// Navigation out of the all-items view: presents whichever module provides ``TodoItemEditing``.
final class TodoAllRouter: TodoAllRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func showEditor(forItem id: Int64, output: any TodoItemEditingOutput) throws {
        try router.present(TodoItemEditing.self) { editor in
            editor.output = output
            try editor.edit(itemID: id)
        }
    }
}
