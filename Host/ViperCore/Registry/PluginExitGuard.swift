import Foundation

/// Keeps a plugin from ending viper as if viper had succeeded. A plugin that calls
/// `exit(0)` while it builds a module or runs a command would end a scripted session
/// with status 0 and the remaining commands silently skipped. The host marks every
/// call into plugin code (the entry point, service factories, adapters, module
/// builders, commands and lifecycle calls) with ``run(_:_:_:)``; an `atexit` handler
/// finds the mark of the thread that called `exit`, writes one line naming the plugin,
/// and ends the process with ``status`` instead.
///
/// The mark is per thread: viper's own exit happens outside every mark, so it is
/// never mistaken for a plugin's, and a test process that loads plugins is unaffected.
package enum PluginExitGuard {
    /// The status viper ends with when a plugin called `exit` (EX_SOFTWARE).
    package static let status: Int32 = 70

    /// Who runs and what it does, for the line. A registration makes its mark once, so
    /// marking a factory call costs a store and no allocation.
    package final class Mark {
        package let plugin: String
        package let doing: String
        /// Where the process's ``PluginCodeWatcher`` keeps this mark's words, for it alone to set
        /// and read (a supervised worker's page slot), or -1.
        package var watcherSlot = -1

        package init(plugin: String, doing: String) {
            self.plugin = plugin
            self.doing = doing
        }
    }

    private static let installLock = NSLock()
    nonisolated(unsafe) private static var installed = false

    /// Installs the `atexit` handler, once per process (the host does at start-up).
    package static func install() {
        let first = installLock.withLock {
            defer { installed = true }
            return !installed
        }
        guard first else { return }
        atexit { PluginExitGuard.processExits() }
    }

    /// Runs `body`, plugin code, marked as `plugin` (e.g. "plugin 'notes'") doing `doing`
    /// (e.g. "building module NoteList"). Marks nest; the innermost names the plugin.
    package static func run<T>(_ plugin: String, _ doing: String, _ body: () throws -> T) rethrows -> T {
        try run(Mark(plugin: plugin, doing: doing), body)
    }

    /// Runs `body`, plugin code, under `mark`.
    /// The mark lives in this thread's ``ResolutionStack``, where a service factory's call sets it
    /// too without a second thread-specific lookup.
    package static func run<T>(_ mark: Mark, _ body: () throws -> T) rethrows -> T {
        let thread = ResolutionStack.current
        let previous = thread.exitMark
        thread.exitMark = Unmanaged.passUnretained(mark)
        defer { thread.exitMark = previous }
        if let watcher = PluginCodeWatch.watcher {
            watcher.entering(mark)
            defer { watcher.leaving(to: previous?.takeUnretainedValue()) }
            return try withExtendedLifetime(mark) { try body() }
        }
        return try withExtendedLifetime(mark) { try body() }
    }

    /// The plugin whose code runs on this thread now, as marked, or nil.
    package static var current: (plugin: String, doing: String)? {
        guard let mark = ResolutionStack.existing?.exitMark?.takeUnretainedValue() else { return nil }
        return (mark.plugin, mark.doing)
    }

    /// The line written when `plugin` called `exit` while `doing`.
    package static func line(plugin: String, doing: String) -> String {
        "viper: \(plugin) ended the process with exit() while \(doing); viper stops with status \(status), "
            + "not as a success, and whatever was to follow did not run; fix the plugin or remove it"
    }

    /// Whether the handler stands down: in a scanner made by `fork` from a host that had
    /// installed it, where a plugin's `exit` must end the scanner as it would a fresh one.
    nonisolated(unsafe) private static var disarmed = false

    /// Makes the `atexit` handler do nothing in this process from now on (a scanner copy has one thread).
    package static func disarm() {
        disarmed = true
    }

    /// The `atexit` handler: does nothing unless plugin code on this thread called `exit`.
    private static func processExits() {
        // A supervised worker: the supervisor judges the end and writes the line.
        if !disarmed, let watcher = PluginCodeWatch.watcher, watcher.processExits() { return }
        guard !disarmed, let current else { return }
        var text = line(plugin: current.plugin, doing: current.doing) + "\n"
        fflush(nil)  // what viper printed before the plugin's call is kept
        text.withUTF8 { bytes in
            _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count)
        }
        _exit(status)
    }
}
