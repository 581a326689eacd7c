/// A ``ModuleView`` whose commands may ask before they run, at a terminal: `delete N`
/// asks `Delete 'Groceries'? [y/N]`, and anything but `y` or `yes` runs nothing.
///
/// The shell asks only a person at a terminal. A script (`-c`, piped input) runs the
/// command without a question, as it answers the unsaved-work question for `back`
/// without asking; so a command that asks should be one that can be undone.
///
///     extension NoteListView: CommandConfirming {
///         func confirmation(for command: CommandInvocation) -> String? {
///             command.name == "delete" ? presenter.deleteQuestion(for: command.arguments) : nil
///         }
///     }
///
/// Added in Contracts 1.6: a plugin that adopts it must be built against 1.6 or later.
public protocol CommandConfirming: ModuleView {
    /// The question to ask before `command` runs, one line ending in `?` (the shell adds
    /// ` [y/N] `); nil runs it without asking. Called after the arguments were checked
    /// against the command's ``CommandSpec``, only when the shell can ask.
    func confirmation(for command: CommandInvocation) -> String?
}
