/// The calls into a module's view the shell makes on every command, marked as the plugin's code
/// (``PluginExitGuard``): a fault or an `exit` while drawing, reading the title or listing the
/// commands names the plugin and what it was doing (the supervisor's crash notice reads it). Each mark is made once per registration, and shared by the modules built from it.
extension ModuleEntry {
    /// What the shell asks of the view.
    package enum ViewCall {
        case drawing, title, commands
        /// Reading or giving back its unsaved work (``RestorableModule``).
        case keepingWork
    }

    /// Runs `body`, a call into the view, marked as `call`.
    package func marked<T>(_ call: ViewCall, _ body: () -> T) -> T {
        switch call {
        case .drawing:
            guard let tally else { return PluginExitGuard.run(marks.drawing, body) }
            return tally.measure(.render) { PluginExitGuard.run(marks.drawing, body) }
        case .title: return PluginExitGuard.run(marks.title, body)
        case .commands: return PluginExitGuard.run(marks.commands, body)
        case .keepingWork: return PluginExitGuard.run(marks.keepingWork, body)
        }
    }
}
