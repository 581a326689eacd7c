/// A day without a time of day, in the clock's time zone.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// Makes a day; the caller checks that it exists.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether `lhs` comes before `rhs` in the calendar.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// A stored to-do item (the objc.io VIPER to-do app's entity).
public struct TodoItem: Hashable, Sendable {
    /// The store's id, stable across runs.
    public let id: Int64
    /// What to do.
    public let name: String
    /// The day it is due.
    public let due: CalendarDay

    /// Makes an item.
    public init(id: Int64, name: String, due: CalendarDay) {
        self.id = id
        self.name = name
        self.due = due
    }
}

/// Keeps to-do items (the to-do app's data manager), as a service.
/// Every write is durable when the call returns: a new instance on the same data
/// folder finds it. The conformance kit's `TodoStore` suite checks these promises.
public protocol TodoStore: AnyObject {
    /// Items due from `start` through `end` (both included), by due day, then in the order they were added.
    func items(from start: CalendarDay, through end: CalendarDay) throws -> [TodoItem]
    /// Stores a new item and returns it with its id.
    func add(name: String, due: CalendarDay) throws -> TodoItem
    /// Removes item `id` (it is done); removing an item that is not there does nothing.
    func remove(id: Int64) throws
    /// Changes the name and due day of item `id` and returns it as stored; throws when
    /// there is no such item. Added after Contracts 1.1, with a default for older stores.
    func update(id: Int64, name: String, due: CalendarDay) throws -> TodoItem
}

extension TodoStore {
    /// The default for stores written before `update` existed: adds the changed item,
    /// then removes the old one, so the item gets a new id (and nothing is lost if the
    /// add fails). A store that can change a row in place should implement `update`.
    public func update(id: Int64, name: String, due: CalendarDay) throws -> TodoItem {
        let changed = try add(name: name, due: due)
        try remove(id: id)
        return changed
    }
}

/// The upcoming to-do list module (route `todo`). It needs nothing to be configured.
/// It shows the items due from today (by the ``Clock``) on, and an empty state
/// (`Screen.empty`) when nothing is due.
public protocol TodoListing: AnyObject {
    /// Reads the items from the store again.
    func reloadItems()
}

/// The module that adds a to-do item (the to-do app's Add module). Its view shows
/// the prefilled name and declares `due WHEN` (at least `YYYY-MM-DD`), `save` and
/// `cancel`. `save` stores the item; `save` and `cancel` close the module and then
/// tell the output exactly once.
///
///     try router.present(TodoAdding.self) { adder in
///         adder.output = self
///         adder.prefill(name: "Buy milk")
///     }
public protocol TodoAdding: AnyObject {
    /// Who hears about the new item (held weakly): the to-do app's module delegate.
    var output: (any TodoAddingOutput)? { get set }
    /// Fills in the name field.
    func prefill(name: String)
}

/// What the add module tells the module that opened it.
public protocol TodoAddingOutput: AnyObject {
    /// `item` was stored; the add module has closed.
    func todoAdderDidAdd(_ item: TodoItem)
    /// The user gave up; the add module has closed.
    func todoAdderDidCancel()
}

extension TodoAddingOutput {
    /// Does nothing.
    public func todoAdderDidCancel() {}
}
