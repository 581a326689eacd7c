import Contracts
import Foundation

/// How the to-do lists say their items as data, for `viper --json` (Presenter-side formatting):
/// one JSON array on one line, an object per item with every key always present (null when
/// unset), in the order the list shows them:
///
///     [{"due":"2026-12-01","group":"Today","id":3,"name":"Pay rent +home","notes":[],
///       "priority":"H","repeat":"every month","tags":["home"],"time":"09:00"}]
enum TodoJSON {
    /// The output format a module was built for: `VIPER_OUTPUT=json` (which `viper --json` sets
    /// for its session) asks for data; anything else for the screen.
    static func wanted(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["VIPER_OUTPUT"] == "json"
    }

    /// One item's object.
    static func item(id: Int64, name: String, due: CalendarDay?, time: Int?, priority: TodoPriority?,
                     recurrence: TodoRecurrence?, notes: [TodoNoteLine], group: String, extra: [String: Any] = [:]) -> [String: Any] {
        var object: [String: Any] = [
            "id": id, "name": name, "due": due.map { $0.description } ?? NSNull(),
            "time": time.map(TodoFormat.time) ?? NSNull(), "priority": priority?.rawValue ?? NSNull(),
            "repeat": recurrence?.description ?? NSNull(), "tags": TodoFilter.tags(in: name),
            "notes": notes.map { ["date": $0.day.description, "text": $0.text] }, "group": group,
        ]
        object.merge(extra) { _, new in new }
        return object
    }

    /// `objects` as one line of JSON, keys sorted.
    static func text(_ objects: [[String: Any]]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "[]"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
