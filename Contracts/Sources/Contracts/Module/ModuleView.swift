/// The View of a module in the terminal: draws itself through a ``Screen`` and
/// receives the commands it declares. It never prints.
///
/// The host holds the view while the module is on the stack and releases it
/// after ``moduleWillBeRemoved()``; the view should own its Presenter, and the
/// Presenter should hold the view weakly.
public protocol ModuleView: AnyObject {
    /// Short title for the header and breadcrumb.
    var title: String { get }

    /// Draws the current state. Called after every command while on screen.
    func render(on screen: any Screen)

    /// Commands this view understands, for `help`, completion and argument checks.
    var commands: [CommandSpec] { get }

    /// Handles one of ``commands``. Throw ``CommandError`` for bad input; the
    /// shell shows its message and keeps the screen as it was.
    func perform(_ command: CommandInvocation) throws

    /// The module became the top of the stack (first time and after a module above it left).
    func moduleDidAppear()
    /// Another module was pushed or presented above this one.
    func moduleDidDisappear()
    /// The module is leaving the stack; release what you hold.
    func moduleWillBeRemoved()
}

extension ModuleView {
    /// No commands.
    public var commands: [CommandSpec] { [] }
    /// Rejects every command.
    public func perform(_ command: CommandInvocation) throws {
        throw CommandError("'\(command.name)' is not a command of \(title)")
    }
    /// Does nothing.
    public func moduleDidAppear() {}
    /// Does nothing.
    public func moduleDidDisappear() {}
    /// Does nothing.
    public func moduleWillBeRemoved() {}
}
