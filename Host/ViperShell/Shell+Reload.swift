import Contracts
import ViperRuntime

/// `reload`: the plugin folders scanned again (docs/ARCHITECTURE.md, "Live plugins").
extension Shell {
    /// Prints one line per plugin that changed (or "no plugin changed") and per file still being
    /// written; true when a plugin changed, so the screen is drawn again.
    func showReload() throws -> Bool {
        guard let reloadPlugins else { throw CommandError("reloading plugins is not available in this session") }
        let report = reloadPlugins()
        let lines = report.notices + report.waiting
        output.show(lines.isEmpty ? "no plugin changed" : lines.joined(separator: "\n"))
        return !report.isEmpty
    }
}
