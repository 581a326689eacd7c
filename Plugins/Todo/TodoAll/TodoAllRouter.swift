import Contracts

/// Navigation out of the all-items view: presents whichever module provides ``TodoItemEditing``.
final class TodoAllRouter: TodoAllRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func showEditor(forItem id: Int64, changing fields: String, output: any TodoItemEditingOutput) throws {
        try TodoEditorRoutes(router: router).showEditor(forItem: id, changing: fields, output: output)
    }

    func modifyItem(_ id: Int64, fields: String, output: any TodoItemEditingOutput) throws {
        try TodoEditorRoutes(router: router).modifyItem(id, fields: fields, output: output)
    }
}
