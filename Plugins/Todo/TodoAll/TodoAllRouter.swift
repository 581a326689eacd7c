import Contracts

/// Navigation out of the all-items view: presents whichever module provides ``TodoItemEditing``.
final class TodoAllRouter: TodoAllRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func showEditor(forItem id: Int64, changing fields: String, output: any TodoItemEditingOutput) throws {
        try router.present(TodoItemEditing.self) { editor in
            editor.output = output
            try editor.edit(itemID: id)
            if !fields.isEmpty { editor.change(fields: fields) }
        }
    }

    func modifyItem(_ id: Int64, fields: String, output: any TodoItemEditingOutput) throws {
        var opened: (any TodoItemEditing)?
        try router.present(TodoItemEditing.self) { editor in
            editor.output = output
            try editor.edit(itemID: id)
            editor.change(fields: fields)
            opened = editor
        }
        try opened?.saveAtOnce()
    }
}
