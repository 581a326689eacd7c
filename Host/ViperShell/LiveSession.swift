import ViperRuntime

/// What `viper` gives the shell for live plugins: the reloader (the runtime), and for `viper dev`
/// its build notices and the route to reopen.
package struct LiveSetup {
    package var reloader: (any PluginReloading)?
    /// Notices of another source, taken on the shell's thread (`viper dev`'s builds).
    package var notices: (() -> [String])?
    package var reopenRoute: String?
    /// Whether to watch when neither `--watch` nor `--no-watch` was given, whatever the input (`viper dev`).
    package var watchesByDefault = false

    package init(reloader: (any PluginReloading)? = nil, notices: (() -> [String])? = nil,
                 reopenRoute: String? = nil, watchesByDefault: Bool = false) {
        self.reloader = reloader
        self.notices = notices
        self.reopenRoute = reopenRoute
        self.watchesByDefault = watchesByDefault
    }
}

/// What changes while the shell runs, taken on the shell's thread only (navigation is
/// single-threaded): plugin files the watcher saw change, which go to the reloader, and the
/// notices of other sources (`viper dev`'s builds). The watcher's own thread only records.
package final class LiveSession {
    /// The changes taken at one time: the lines to print above the prompt, and whether a
    /// plugin was reloaded (then ``reopenRoute`` is opened again).
    struct Update {
        var notices: [String]
        var reloaded: Bool
    }

    private let watcher: FileWatcher?
    private let reloader: (any PluginReloading)?
    private let otherNotices: (() -> [String])?
    /// `viper dev --open ROUTE`: opened at start and again after each reload.
    let reopenRoute: String?

    package init(watcher: FileWatcher?, reloader: (any PluginReloading)?, notices: (() -> [String])? = nil, reopenRoute: String? = nil) {
        self.watcher = watcher
        self.reloader = reloader
        otherNotices = notices
        self.reopenRoute = reopenRoute
    }

    deinit {
        watcher?.stop()
    }

    /// Takes what is pending and reloads the changed plugin files (never waits); nil when nothing was pending.
    func take() -> Update? {
        let notices = otherNotices?() ?? []
        let changes = watcher?.takeChanges() ?? []
        guard !notices.isEmpty || !changes.isEmpty else { return nil }
        guard !changes.isEmpty else { return Update(notices: notices, reloaded: false) }
        guard let reloader else {
            let lines = changes.map { "plugin file \($0) changed; restart viper to use it (this viper cannot reload plugins)" }
            return Update(notices: notices + lines, reloaded: false)
        }
        let reloads = reloader.reloadPlugins(changed: changes)
        return Update(notices: notices + reloads, reloaded: !reloads.isEmpty)
    }

    /// Stops watching.
    func stop() {
        watcher?.stop()
    }
}
