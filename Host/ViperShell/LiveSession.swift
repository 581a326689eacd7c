import Foundation
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

    package init(
        reloader: (any PluginReloading)? = nil, notices: (() -> [String])? = nil,
        reopenRoute: String? = nil, watchesByDefault: Bool = false
    ) {
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
    /// Runs after a reload that changed something (the launcher refreshes the home screen's routes).
    private let afterReload: (() -> Void)?
    /// `viper dev --open ROUTE`: opened at start and again after each reload.
    let reopenRoute: String?
    /// Files the reloader found still being written, given again from ``retryAt`` (system uptime).
    private var retry: [String] = []
    private var retryAt = 0.0
    /// How long a file still being written waits before it is given to the reloader again (seconds).
    static let retryDelay = 0.5

    package init(
        watcher: FileWatcher?, reloader: (any PluginReloading)?, notices: (() -> [String])? = nil, reopenRoute: String? = nil,
        afterReload: (() -> Void)? = nil
    ) {
        self.watcher = watcher
        self.afterReload = afterReload
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
        var changes = watcher?.takeChanges() ?? []
        if !retry.isEmpty, ProcessInfo.processInfo.systemUptime >= retryAt {
            changes = Array(Set(changes + retry)).sorted()
            retry = []
        }
        guard !notices.isEmpty || !changes.isEmpty else { return nil }
        guard !changes.isEmpty else { return Update(notices: notices, reloaded: false) }
        guard let reloader else {
            let lines = changes.map { "plugin file \($0) changed; restart viper to use it (this viper cannot reload plugins)" }
            return Update(notices: notices + lines, reloaded: false)
        }
        let outcome = reloader.reloadPlugins(changed: changes)
        if !outcome.retry.isEmpty {
            retry = outcome.retry
            retryAt = ProcessInfo.processInfo.systemUptime + Self.retryDelay
        }
        if !outcome.notices.isEmpty { afterReload?() }
        return Update(notices: notices + outcome.notices, reloaded: !outcome.notices.isEmpty)
    }

    /// Stops watching.
    func stop() {
        watcher?.stop()
    }
}
