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

    func showAllItems() throws {
        try router.push(TodoAllListing.self)
    }

    func showFinishedItems() throws {
        try router.push(TodoDoneListing.self)
    }
}
