import ViperLoading

/// What one reload did (``HostRuntime/reload(changed:)``, ``HostRuntime/reloadAll()``).
package struct ReloadReport: Sendable {
    /// One line per plugin that changed, for the notice above the prompt, e.g.
    /// "reloaded notes (version 2; 1 older image still mapped)", "added shelf: routes shelf, shelf/:id",
    /// "removed greeter: its routes are withdrawn; modules on screen keep working until they close",
    /// "notes changed but was not reloaded: <the reason start-up gives>; version 1 keeps serving".
    package var notices: [String] = []
    /// Files that were still being written (a build or a copy in progress): nothing of them was
    /// used. Call ``HostRuntime/reload(changed:)`` with these paths again a little later.
    package var retry: [String] = []
    /// One line per file in ``retry`` ("PATH: still being written; will retry"), for a reload a
    /// person asked for (the `reload` command); a watcher that retries by itself need not print them.
    package var waiting: [String] = []

    /// Nothing changed (no notice is printed).
    package var isEmpty: Bool { notices.isEmpty }

    package init(notices: [String] = [], retry: [String] = [], waiting: [String] = []) {
        self.notices = notices
        self.retry = retry
        self.waiting = waiting
    }
}

/// What live reloading keeps between reloads (in ``HostRuntime``, under its `state` lock).
struct ReloadState {
    /// The stamp of each plugin file as last scanned (at start-up or by a reload), by path:
    /// a file whose stamp is unchanged is not scanned again.
    var stamps = ReloadStamps()
}
