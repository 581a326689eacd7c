/// A ``ModuleView`` that wants a say when the person at the shell removes its module
/// (`back`, `close`, `dismiss`, `home`, or `root`, which replaces every module) instead
/// of the module closing itself through its ``Router``. Adopt it on the view; both
/// members have defaults, so adopt only what the module needs.
///
/// Before removing anything the shell reads ``unsavedWork`` from every module it would
/// remove (embedded children too). When one answers, the shell asks the person first;
/// a scripted session never asks: it keeps the module and fails the command, unless it
/// was started with `--yes`. `back!`, `close!`, `dismiss!`, `home!` and `root!` remove
/// without asking. Quitting viper asks nothing and tells nothing.
///
/// After the module has left the stack and the module below has appeared (the same
/// order as when a module closes itself and then tells its output), the shell calls
/// ``moduleWasRemovedByUser()``: tell your output what your own `cancel` command would.
///
///     extension NoteEditorView: ModuleRemovalHandling {
///         var unsavedWork: String? { presenter.unsavedWork }
///         func moduleWasRemovedByUser() { presenter.didLeaveWithoutSaving() }
///     }
///
/// Added in Contracts 1.3: a plugin that adopts it must be built against 1.3 or later,
/// and a viper older than 1.3 refuses to load it. Modules that do not adopt it are
/// removed as before, without being asked.
public protocol ModuleRemovalHandling: ModuleView {
    /// What would be lost if the module were removed now, as words that finish the
    /// sentence "… would be lost", e.g. `the text (3 lines)`; nil when nothing would be.
    var unsavedWork: String? { get }

    /// The person removed the module from the shell. Called once, after
    /// ``ModuleView/moduleWillBeRemoved()`` and after the module below appeared. Tell
    /// your output, as your own `cancel` would; do not navigate from here.
    func moduleWasRemovedByUser()
}

extension ModuleRemovalHandling {
    /// Nothing would be lost.
    public var unsavedWork: String? { nil }
    /// Does nothing.
    public func moduleWasRemovedByUser() {}
}
