import Contracts
import ViperCore
import ViperRuntime

/// The terminal's ``Screen``: collects a view's drawing as lines.
///
///     Your notes                     heading (bold)
///       1. Shopping                  list, numbered from 1
///       Title   Shopping             fields, labels aligned
///     error: the feed is down        error
///       No notes yet. Type 'add'.    empty state (dim)
///       ┌ Session                    embedded child, drawn indented
///       │ Signed in as ada
///       └
final class TerminalScreen: Screen {
    private(set) var lines: [String] = []
    /// The messages of this screen's own `error` lines (not an embedded child's), each one line.
    private(set) var errors: [String] = []
    /// Where those lines are in ``lines``, in order.
    private(set) var errorLineIndexes: [Int] = []
    private let style: TerminalStyle
    private let depth: Int
    /// How deep children may nest before the screen stops drawing them.
    static let maximumDepth = 4

    init(style: TerminalStyle, depth: Int = 0) {
        self.style = style
        self.depth = depth
    }

    func heading(_ text: String) {
        separate()
        lines += Self.lines(of: text).map(style.bold)
    }

    func text(_ text: String) {
        lines += Self.lines(of: text)
    }

    func list(_ items: [String]) {
        list(items, startingAt: 1)
    }

    func list(_ items: [String], startingAt first: Int) {
        let width = String(first + max(items.count - 1, 0)).count
        for (offset, item) in items.enumerated() {
            let number = String(first + offset)
            let marker = "  " + String(repeating: " ", count: max(0, width - number.count)) + style.cyan(number) + ". "
            let indent = String(repeating: " ", count: 2 + width + 2)
            for (line, text) in Self.lines(of: item).enumerated() {
                lines.append((line == 0 ? marker : indent) + text)
            }
        }
    }

    func fields(_ fields: [Field]) {
        let labels = fields.map { Self.sanitized($0.label) }
        let width = labels.map(\.count).max() ?? 0
        for (label, field) in zip(labels, fields) {
            let padding = Self.spaces(width - label.count)
            let indent = Self.spaces(2 + width + 3)
            for (line, text) in Self.lines(of: field.value).enumerated() {
                lines.append(line == 0 ? "  " + style.bold(label) + padding + "   " + text : indent + text)
            }
        }
    }

    func error(_ message: String) {
        let text = Self.lines(of: message).joined(separator: " ")
        errors.append(text)
        errorLineIndexes.append(lines.count)
        lines.append(style.red("error:") + " " + text)
    }

    /// ``lines`` without this screen's own `error` lines.
    var linesWithoutErrors: [String] {
        guard !errorLineIndexes.isEmpty else { return lines }
        let skipped = Set(errorLineIndexes)
        return lines.indices.filter { !skipped.contains($0) }.map { lines[$0] }
    }

    func empty(_ message: String) {
        lines += Self.lines(of: message).map { "  " + style.dim($0) }
    }

    func embed(_ child: any ModuleView) {
        separate()
        let title = Self.sanitized(child.title)
        guard depth < Self.maximumDepth else {
            lines.append("  " + style.dim("[\(title): embedded too deeply to draw]"))
            return
        }
        let inner = TerminalScreen(style: style, depth: depth + 1)
        child.render(on: inner)
        lines.append("  " + style.dim("┌") + " " + style.bold(title))
        lines += inner.lines.map { "  " + style.dim("│") + ($0.isEmpty ? "" : " " + $0) }
        lines.append("  " + style.dim("└"))
    }

    /// A blank line before a new block, unless at the top.
    private func separate() {
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    /// `count` spaces (`String(repeating:count:)` of a Character is slow, and every screen pads).
    static func spaces(_ count: Int) -> String {
        String(decoding: [UInt8](repeating: 0x20, count: max(0, count)), as: UTF8.self)
    }

    private static func sanitized(_ text: String) -> String {
        PrintableText.oneLine(text)
    }

    private static func lines(of text: String) -> [String] {
        let clean = PrintableText.sanitize(text)
        // Splitting by Character is slow, and most text is one line (sanitized text has no \r to pair with \n).
        guard clean.utf8.contains(0x0A) else { return [clean] }
        return clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
