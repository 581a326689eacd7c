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
