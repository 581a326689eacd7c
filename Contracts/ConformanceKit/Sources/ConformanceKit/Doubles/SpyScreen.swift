import Contracts

/// A ``Screen`` that records what a view draws, for checks and tests.
///
///     let screen = SpyScreen()
///     view.render(on: screen)
///     #expect(screen.errors.isEmpty)
///     #expect(screen.shows("Buy milk"))
public final class SpyScreen: Screen {
    /// One drawing call.
    public enum Call: Hashable {
        /// ``Screen/heading(_:)``.
        case heading(String)
        /// ``Screen/text(_:)``.
        case text(String)
        /// ``Screen/list(_:)`` (first number 1) or ``Screen/list(_:startingAt:)``.
        case list([String], first: Int)
        /// ``Screen/fields(_:)``.
        case fields([Field])
        /// ``Screen/error(_:)``.
        case error(String)
        /// ``Screen/empty(_:)``.
        case empty(String)
        /// ``Screen/embed(_:)``, with the child's title (the child draws on this screen too).
        case embed(String)
    }

    /// Every call, in order.
    public private(set) var calls: [Call] = []

    /// Makes an empty screen.
    public init() {}

    /// Messages drawn with ``Screen/error(_:)``.
    public var errors: [String] {
        calls.compactMap { if case .error(let message) = $0 { return message } else { return nil } }
    }

    /// Everything drawn, one piece of text a line (fields as `label: value`).
    public var transcript: String {
        calls.flatMap { call -> [String] in
            switch call {
            case .heading(let text), .text(let text), .error(let text), .empty(let text): return [text]
            case .list(let items, let first): return items.enumerated().map { "\(first + $0.offset). \($0.element)" }
            case .fields(let fields): return fields.map { "\($0.label): \($0.value)" }
            case .embed(let title): return ["[\(title)]"]
            }
        }.joined(separator: "\n")
    }

    /// Every call as a line naming its kind, for exact assertions: `heading: X`, `text: X`,
    /// one `N. item` per list item, one `field: L = V` per field, `error: m`, `empty: m`, and
    /// `embed: T` for a child titled T (followed by the child's own lines).
    ///
    ///     view.render(on: screen)
    ///     #expect(screen.lines == ["heading: Today", "1. Buy milk", "empty: Nothing else due"])
    public var lines: [String] {
        calls.flatMap { call -> [String] in
            switch call {
            case .heading(let text): return ["heading: \(text)"]
            case .text(let text): return ["text: \(text)"]
            case .list(let items, let first): return items.enumerated().map { "\(first + $0.offset). \($0.element)" }
            case .fields(let fields): return fields.map { "field: \($0.label) = \($0.value)" }
            case .error(let message): return ["error: \(message)"]
            case .empty(let message): return ["empty: \(message)"]
            case .embed(let title): return ["embed: \(title)"]
            }
        }
    }

    /// Whether `text` appears anywhere in what was drawn.
    public func shows(_ text: String) -> Bool {
        transcript.contains(text)
    }

    public func heading(_ text: String) { calls.append(.heading(text)) }
    public func text(_ text: String) { calls.append(.text(text)) }
    public func list(_ items: [String]) { calls.append(.list(items, first: 1)) }
    public func list(_ items: [String], startingAt first: Int) { calls.append(.list(items, first: first)) }
    public func fields(_ fields: [Field]) { calls.append(.fields(fields)) }
    public func error(_ message: String) { calls.append(.error(message)) }
    public func empty(_ message: String) { calls.append(.empty(message)) }

    /// Records the child and lets it draw on this screen.
    public func embed(_ child: any ModuleView) {
        calls.append(.embed(child.title))
        child.render(on: self)
    }
}
