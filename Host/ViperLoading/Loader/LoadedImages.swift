import Synchronization

/// Whether this process has `dlopen`ed a plugin or a contract library yet.
///
/// A scanner made by `fork` (see ``PluginScanner``) judges files in a copy of this
/// process: that copy must be as clean as a fresh `viper __scan`. Once an image is
/// open here, a file rewritten in place (same inode) would resolve to the image
/// already loaded instead of being read again, so scanners are then started with
/// `posix_spawn` and `exec`.
package enum LoadedImages {
    private static let opened = Atomic<Bool>(false)

    /// Records that an image is about to be opened (called before every `dlopen` of a plugin or library).
    package static func noteOpening() {
        opened.store(true, ordering: .releasing)
    }

    /// Whether any plugin or contract library was opened in this process.
    package static var any: Bool { opened.load(ordering: .acquiring) }
}
