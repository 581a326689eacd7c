import Foundation
@testable import ViperLoading
@testable import ViperRuntime

extension Result where Success == LoadedPlugin, Failure == PluginLoadError {
    /// The error, when loading failed.
    var error: PluginLoadError? {
        guard case .failure(let error) = self else { return nil }
        return error
    }

    /// The plugin, when loading succeeded.
    var plugin: LoadedPlugin? { try? get() }
}

/// Whether any file mapped into this process is `path` (its code was loaded).
func isMapped(_ path: String) -> Bool {
    // Read with getline: /proc files report a size of 0 and String(contentsOfFile:) stops
    // after the first 4 KiB, where a plugin mapped late is usually not.
    guard let maps = fopen("/proc/self/maps", "r") else { return false }
    defer { fclose(maps) }
    let real = Paths.realPath(path) ?? path
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, maps) > 0, let buffer {
        let line = String(cString: buffer).trimmingCharacters(in: .newlines)
        if line.hasSuffix(" " + real) || line.hasSuffix(" " + real + " (deleted)") { return true }
    }
    return false
}

/// Loads `path` found in the plugin folder `folder` with a fresh loader.
func loadPlugin(_ path: String, in folder: String, policy: LoadPolicy = LoadPolicy()) -> Result<LoadedPlugin, PluginLoadError> {
    PluginLoader(policy: policy).load(PluginFile(path: path, folder: PluginFolder(path: folder, origin: .flag)))
}
