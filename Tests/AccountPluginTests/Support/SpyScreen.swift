import Contracts

/// Records what a view draws, one line per call, e.g. `heading: Today`.
final class SpyScreen: Screen {
    private(set) var lines: [String] = []

    func heading(_ text: String) { lines.append("heading: \(text)") }
    func text(_ text: String) { lines.append("text: \(text)") }
    func list(_ items: [String]) { list(items, startingAt: 1) }
    func list(_ items: [String], startingAt first: Int) {
        for (offset, item) in items.enumerated() { lines.append("\(first + offset). \(item)") }
    }
    func fields(_ fields: [Field]) { lines += fields.map { "field: \($0.label) = \($0.value)" } }
    func error(_ message: String) { lines.append("error: \(message)") }
    func empty(_ message: String) { lines.append("empty: \(message)") }
    func embed(_ child: any ModuleView) { lines.append("embed: \(child.title)") }
}
