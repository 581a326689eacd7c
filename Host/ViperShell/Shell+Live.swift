import ViperCore
import ViperRuntime

/// The shell's side of live plugins: notices above the prompt and the route reopened after a reload.
extension Shell {
    /// Takes what `live` has pending and shows it (see ``show(_:from:)``); returns whether anything was.
    @discardableResult
    func apply(_ live: LiveSession) -> Bool {
        guard let update = live.take() else { return false }
        show(update, from: live)
        return true
    }

    /// Shows what `live` took: one notice line each, then, after a reload, the route `viper dev
    /// --open` named, in place of the open modules. Runs between commands on the shell's thread
    /// (from readline's idle hook, or before a piped line is read).
    func show(_ update: LiveSession.Update, from live: LiveSession) {
        for notice in update.notices {
            output.show(style.cyan(PrintableText.oneLine(notice)))
        }
        if update.reloaded, let route = live.reopenRoute { reopen(route) }
    }

    /// Opens `route` in place of every open module, dropping unsaved work (their code was
    /// replaced: `viper dev --open`); a failure is an `error:` line and leaves the stack as it was.
    func reopen(_ route: String) {
        do {
            try stack.open(path: route, as: .replaceRoot, confirm: NavigationStack.dropUnsaved)
            stack.checkForLeaks()
            drawCurrentScreen()
        } catch {
            output.error(NavigationStack.oneLine(error))
        }
    }
}
