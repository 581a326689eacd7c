import Contracts

/// Navigation out of the list: presents whichever module provides ``TodoAdding`` or
/// ``TodoItemEditing``, and opens the all-items view by its route.
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

    func showEditor(for item: TodoItem, output: any TodoItemEditingOutput) throws {
        try router.present(TodoItemEditing.self) { editor in
            editor.output = output
            editor.edit(item)
        }
    }

    func showAllItems() throws {
        try router.open(path: "todo/all")
    }
}
