import Contracts

/// Records what a view draws, one line per call.
final class ScreenSpy: Screen {
    private(set) var lines: [String] = []

    func heading(_ text: String) { lines.append("heading: \(text)") }
    func text(_ text: String) { lines.append("text: \(text)") }
    func list(_ items: [String]) { lines.append("list: \(items.joined(separator: " | "))") }
    func fields(_ fields: [Field]) { lines.append("fields: \(fields.map { "\($0.label)=\($0.value)" }.joined(separator: " "))") }
    func error(_ message: String) { lines.append("error: \(message)") }
    func empty(_ message: String) { lines.append("empty: \(message)") }
    func embed(_ child: any ModuleView) { lines.append("embed: \(child.title)") }
}
