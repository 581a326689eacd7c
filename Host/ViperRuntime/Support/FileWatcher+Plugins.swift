import ViperLoading

/// The plugin files a running viper watches: the folders it searches, and each file given with `--plugins`.
extension FileWatcher {
    /// A watcher over `folders` (``HostRuntime/folders``, in search order), counting the files
    /// start-up would find there (`*.so`; beside the executable only `lib*Plugin.so`, as
    /// ``PluginDiscovery/discover(_:)`` does). A `--plugins` path that is not a folder and ends in
    /// `.so` is one file: its folder is watched for it. Folders that do not exist are watched for
    /// when they appear.
    package static func plugins(
        in folders: [PluginFolder], quietPeriod: Double = 0.25,
        onReady: (@Sendable (Int) -> Void)? = nil
    ) throws -> FileWatcher {
        var seen = Set<String>()
        let targets: [Target] = folders.compactMap { folder in
            guard seen.insert(folder.path).inserted else { return nil }
            if !isFolder(folder.path), folder.path.hasSuffix(".so") { return .file(folder.path) }
            let bundled = folder.origin == .bundled
            return .folder(
                folder.path,
                accepts: { name in
                    guard !name.hasPrefix("."), name.hasSuffix(".so") else { return false }
                    return !bundled || (name.hasPrefix("lib") && name.hasSuffix("Plugin.so"))
                })
        }
        return try FileWatcher(targets: targets, quietPeriod: quietPeriod, onReady: onReady)
    }
}
