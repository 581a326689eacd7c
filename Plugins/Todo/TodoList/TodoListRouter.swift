import Contracts

/// Navigation out of the list, always by contract: presents whichever module provides
/// ``TodoAdding`` or ``TodoItemEditing``, and pushes ``TodoAllListing`` and ``TodoDoneListing``.
final class TodoListRouter: TodoListRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func showAddItem(name: String, output: any TodoAddingOutput) throws {
        try router.present(TodoAdding.self) { adder in
            adder.output = output
            if !name.isEmpty {
                adder.prefill(name: name)
            }
        }
    }

    func showEditor(forItem id: Int64, changing fields: String, output: any TodoItemEditingOutput) throws {
        try TodoEditorRoutes(router: router).showEditor(forItem: id, changing: fields, output: output)
    }

    func modifyItem(_ id: Int64, fields: String, output: any TodoItemEditingOutput) throws {
        try TodoEditorRoutes(router: router).modifyItem(id, fields: fields, output: output)
    }

    func showAllItems() throws {
        try router.push(TodoAllListing.self)
    }

    func showFinishedItems() throws {
        try router.push(TodoDoneListing.self)
    }
}
