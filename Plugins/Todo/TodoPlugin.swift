import Contracts
import Foundation

/// The objc.io VIPER to-do app: upcoming items grouped by how soon they are due
/// (overdue ones first), every item by week and month (`todo/all`), and modules to
/// add an item and to change one. The store is a service of this same plugin, reached
/// through ``TodoStore`` like any other, so another plugin could replace it.
package enum TodoPlugin: Plugin {
    package static let manifest = PluginManifest(name: "todo", version: "1.0.0",
                                                 summary: "To-do items: overdue, today, tomorrow, this week, next week, and all by week and month")

    package static func register(in registrar: any Registrar) throws {
        // One undo history for both lists; weeks start where the user's locale says.
        let history = UndoHistory()
        let firstWeekday = WeekStart.firstWeekday(environment: ProcessInfo.processInfo.environment)
        registrar.registerService(TodoStore.self, requires: [.service(DatabaseOpening.self)]) { resolver in
            SQLiteTodoStore(databases: try resolver.resolve(DatabaseOpening.self))
        }
        registrar.registerModule(
            TodoListing.self,
            route: RouteSpec("todo", summary: "Overdue and upcoming to-do items"),
            requires: [.service(TodoStore.self), .service(Clock.self), .service(Logger.self),
                       .module(TodoAdding.self), .module(TodoItemEditing.self)],
            builder: TodoListBuilder(history: history, firstWeekday: firstWeekday))
        registrar.registerModule(
            TodoAllListing.self,
            route: RouteSpec("todo/all", summary: "Every to-do item, by week and month"),
            requires: [.service(TodoStore.self), .service(Clock.self), .service(Logger.self), .module(TodoItemEditing.self)],
            builder: TodoAllBuilder(history: history, firstWeekday: firstWeekday))
        registrar.registerModule(
            TodoItemEditing.self,
            route: RouteSpec("todo/:id", summary: "Change to-do item ID"),
            requires: [.service(TodoStore.self), .service(Clock.self)],
            builder: TodoEditBuilder())
        registrar.registerModule(
            TodoAdding.self,
            route: RouteSpec("todo/add", summary: "Add a to-do item", query: ["name"]),
            requires: [.service(TodoStore.self), .service(Clock.self)],
            builder: TodoAddBuilder())
    }
}
