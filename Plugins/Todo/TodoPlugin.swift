import Contracts
import Foundation

/// The objc.io VIPER to-do app: upcoming items grouped by how soon they are due
/// (overdue ones first, items without a date last), every item by week and month
/// (`todo/all`), finished items with when they were done (`todo/done`), and modules to
/// add an item and to change one. Every item has one stable id, shown before it and used
/// by every command and by the route `todo/ID`. The Interactors reach storage through the
/// plugin's data manager (``TodoDataManager``), over a ``TodoStore`` service of this same
/// plugin, reached like any other, so another plugin could replace it.
package enum TodoPlugin: Plugin {
    package static let manifest = PluginManifest(name: "todo", version: "1.0.0",
                                                 summary: "To-do items: overdue, today, tomorrow, this week, next week, and all by week and month")

    package static func register(in registrar: any Registrar) throws {
        // Weeks start, and numeric dates read, the way the user's locale says. The undo step
        // is kept by the store, so every list (and the next run) shares it.
        let environment = ProcessInfo.processInfo.environment
        let firstWeekday = WeekStart.firstWeekday(environment: environment)
        let order = DateOrder.of(environment: environment)
        registrar.registerService(TodoStore.self, requires: [.service(DatabaseOpening.self)]) { resolver in
            SQLiteTodoStore(databases: try resolver.resolve(DatabaseOpening.self))
        }
        registrar.registerModule(
            TodoListing.self,
            route: RouteSpec("todo", summary: "Overdue and upcoming to-do items"),
            requires: [.service(TodoStore.self), .service(Clock.self), .service(Logger.self),
                       .module(TodoAdding.self), .module(TodoItemEditing.self),
                       .module(TodoAllListing.self), .module(TodoDoneListing.self)],
            builder: TodoListBuilder(firstWeekday: firstWeekday))
        registrar.registerModule(
            TodoAllListing.self,
            route: RouteSpec("todo/all", summary: "Every to-do item, by week and month"),
            requires: [.service(TodoStore.self), .service(Clock.self), .service(Logger.self), .module(TodoItemEditing.self)],
            builder: TodoAllBuilder(firstWeekday: firstWeekday))
        registrar.registerModule(
            TodoDoneListing.self,
            route: RouteSpec("todo/done", summary: "Finished to-do items, with when they were done"),
            requires: [.service(TodoStore.self), .service(Clock.self)],
            builder: TodoDoneBuilder())
        registrar.registerModule(
            TodoItemEditing.self,
            route: RouteSpec("todo/:id", summary: "Change to-do item ID"),
            requires: [.service(TodoStore.self), .service(Clock.self)],
            builder: TodoEditBuilder(order: order))
        registrar.registerModule(
            TodoAdding.self,
            route: RouteSpec("todo/add", summary: "Add a to-do item", query: ["name"]),
            requires: [.service(TodoStore.self), .service(Clock.self)],
            builder: TodoAddBuilder(order: order))
    }
}
