/// Where a ``ModuleView`` draws. The host implements it for the terminal
/// (colour only on a TTY, never with `NO_COLOR`); tests implement it with a spy.
public protocol Screen: AnyObject {
    /// A section heading inside the view.
    func heading(_ text: String)
    /// A paragraph of plain text.
    func text(_ text: String)
    /// A list numbered from 1, so commands can refer to items by number.
    func list(_ items: [String])
    /// Aligned label/value pairs.
    func fields(_ fields: [Field])
    /// An error the user should read (a failed load, a rejected input).
    func error(_ message: String)
    /// What to show when there is nothing to show, with a hint of what to do.
    func empty(_ message: String)
    /// Draws an embedded child module (see ``Router/embed(_:name:prepare:)``) inside this view.
    func embed(_ child: any ModuleView)
    /// A numbered list whose first item is number `first`, so one numbering can run
    /// through several sections (a heading, then a list, then the next heading...).
    func list(_ items: [String], startingAt first: Int)
}

extension Screen {
    /// Draws each item as a text line `N. item`: a fallback for screens that do not
    /// number lists themselves.
    public func list(_ items: [String], startingAt first: Int) {
        for (offset, item) in items.enumerated() {
            text("\(first + offset). \(item)")
        }
    }
}

/// A label and value for ``Screen/fields(_:)``.
public struct Field: Hashable, Sendable {
    /// Left column.
    public let label: String
    /// Right column.
    public let value: String

    /// Makes a field.
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}
