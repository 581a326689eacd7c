import Contracts

/// A ``TodoAdding`` module that reads `due YYYY-MM-DD` and stores on `save`; each
/// flaw breaks one promise of the contract.
final class FakeTodoAddPresenter: FakePresenter, TodoAdding {
    enum Flaw: CaseIterable {
        /// Reports the item but never stores it.
        case forgetsToStore
        /// Does not close itself after saving.
        case staysOpenAfterSave
        /// Tells its output twice on cancel.
        case reportsCancelTwice
        /// Does not draw the prefilled name.
        case hidesPrefill
    }

    weak var output: (any TodoAddingOutput)?
    private let store: any TodoStore
    private let router: any Router
    private let flaw: Flaw?
    private var name = ""
    private var due: CalendarDay?

    init(context: any ModuleContext, flaw: Flaw?) throws {
        store = try context.resolver.resolve(TodoStore.self)
        router = context.router
        self.flaw = flaw
    }

    func prefill(name: String) { self.name = name }

    var commands: [CommandSpec] {
        [CommandSpec("due", arguments: ["WHEN..."], help: "Set the due day"),
         CommandSpec("save", help: "Add the item"), CommandSpec("cancel", help: "Give up")]
    }

    func render(on screen: any Screen) {
        screen.fields([Field("Name", flaw == .hidesPrefill ? "" : name), Field("Due", due?.description ?? "")])
    }

    func perform(_ command: CommandInvocation) throws {
        let output = self.output
        switch command.name {
        case "due":
            let parts = command.rest.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { throw CommandError("give the day as YYYY-MM-DD") }
            due = CalendarDay(year: parts[0], month: parts[1], day: parts[2])
        case "save":
            guard let due else { throw CommandError("set 'due' first") }
            let item = flaw == .forgetsToStore ? TodoItem(id: 999, name: name, due: due) : try store.add(name: name, due: due)
            if flaw != .staysOpenAfterSave { router.close() }
            output?.todoAdderDidAdd(item)
        default:
            router.close()
            output?.todoAdderDidCancel()
            if flaw == .reportsCancelTwice { output?.todoAdderDidCancel() }
        }
    }
}
