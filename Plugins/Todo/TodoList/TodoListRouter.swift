import Contracts

/// Navigation out of the list: presents whichever module provides ``TodoAdding``.
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
}
