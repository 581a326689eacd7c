// Breaks the TodoStore contract: it lists items in the order they were added,
// whatever their due day. `viper check` must name lists-by-due-day-then-added-order.
import Contracts
import Foundation

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ReorderingTodoStorePlugin.self)
}

final class AddedOrderTodoStore: TodoStore {
    private let file: String

    init(folder: any DataFolder) { file = folder.path + "/fixture-todo.txt" }

    func items(from start: CalendarDay, through end: CalendarDay) throws -> [TodoItem] {
        load().filter { start <= $0.due && $0.due <= end }
    }

    func add(name: String, due: CalendarDay) throws -> TodoItem {
        let all = load()
        let item = TodoItem(id: (all.map(\.id).max() ?? 0) + 1, name: name, due: due)
        save(all + [item])
        return item
    }

    func remove(id: Int64) throws { save(load().filter { $0.id != id }) }

    private func load() -> [TodoItem] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 5, let id = Int64(f[0]), let y = Int(f[2]), let m = Int(f[3]), let d = Int(f[4]) else { return nil }
            return TodoItem(id: id, name: f[1], due: CalendarDay(year: y, month: m, day: d))
        }
    }

    private func save(_ items: [TodoItem]) {
        let text = items.map { "\($0.id)\t\($0.name)\t\($0.due.year)\t\($0.due.month)\t\($0.due.day)" }
        try? text.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }
}

enum ReorderingTodoStorePlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-todo-store", version: "1.0.0", summary: "lists in added order")
    static func register(in registrar: any Registrar) throws {
        registrar.registerService(TodoStore.self, requires: [.service(DataFolder.self)]) { resolver in
            AddedOrderTodoStore(folder: try resolver.resolve(DataFolder.self))
        }
    }
}
