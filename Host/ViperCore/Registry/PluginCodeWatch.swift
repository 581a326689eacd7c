/// The one hook the core gives whoever watches plugin code from outside it: "plugin code starts
/// here, and ends here", "a plugin image was loaded", "the process calls `exit`". In a supervised
/// worker the supervision target's page listens, so that a crash, a hang or an `exit` can be blamed
/// on the plugin that ran; everywhere else nobody does, and a mark costs one nil check more.
///
/// Invariants:
/// - The core calls the watcher from the thread that runs the plugin code; the watcher decides
///   which threads it records (the supervision page records the main thread's calls only).
/// - Calls nest: every ``PluginCodeWatcher/entering(_:)`` is followed by one
///   ``PluginCodeWatcher/leaving(to:)`` naming the mark that was current before it.
package protocol PluginCodeWatcher: AnyObject {
    /// Plugin code runs under `mark` now.
    func entering(_ mark: PluginExitGuard.Mark)
    /// The call under a mark ended; `previous` runs again (nil: no plugin code).
    func leaving(to previous: PluginExitGuard.Mark?)
    /// The loader loaded `plugin` `version` from `path`; `address` is a symbol inside its image.
    func loaded(imageContaining address: UnsafeRawPointer, plugin: String, version: String, path: String)
    /// The process calls `exit`: true when the watcher judges that end itself (the guard then
    /// writes no line of its own).
    func processExits() -> Bool
}

/// Where the core finds the watcher of plugin code (nil: none watches).
package enum PluginCodeWatch {
    /// Set once, in a supervised worker, before any plugin is loaded.
    nonisolated(unsafe) package static var watcher: (any PluginCodeWatcher)?
}

/// The isolated plugin process this process waits on now, for a Ctrl-C handler or a supervisor to
/// stop it alone. A call to an isolated plugin is plugin code that runs in another process: when
/// the person stops it (Ctrl-C), or a script's command runs past its time, that process is ended
/// and the module closed, and viper goes on. Set and read on the thread that calls the plugin (the
/// handler interrupts that thread), one word each.
package enum IsolatedProcessWait {
    /// The process waited on (0: none).
    nonisolated(unsafe) package static var process: Int32 = 0
    /// Set by the handler that ended ``process``: the call's failure says Ctrl-C stopped it.
    nonisolated(unsafe) package static var stoppedByInterrupt = false
    /// Two words a supervisor shares (its worker page), or nil: the worker writes the process it
    /// waits on in the first, and a supervisor that ended that process for running past the
    /// command's time writes that time (milliseconds) in the second.
    nonisolated(unsafe) package static var page: UnsafeMutablePointer<Int32>?

    /// Runs `body` (a wait for `process`'s reply) with `process` as the one waited on.
    @inline(__always)
    package static func waiting<T, E: Error>(on process: Int32, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = Self.process
        Self.process = process
        page?[0] = process
        defer {
            Self.process = previous
            page?[0] = previous
        }
        return try body()
    }

    /// The time a supervisor ended the process waited on for (milliseconds), once; nil when it did not.
    package static func takeTimedOut() -> Int32? {
        guard let page, page[1] > 0 else { return nil }
        defer { page[1] = 0 }
        return page[1]
    }
}
