import Foundation
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
    guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return false }
    let real = Paths.realPath(path) ?? path
    return maps.split(separator: "\n").contains { $0.hasSuffix(" " + real) || $0.hasSuffix(" " + real + " (deleted)") }
}

/// Loads `path` found in the plugin folder `folder` with a fresh loader.
func loadPlugin(_ path: String, in folder: String, policy: LoadPolicy = LoadPolicy()) -> Result<LoadedPlugin, PluginLoadError> {
    PluginLoader(policy: policy).load(PluginFile(path: path, folder: PluginFolder(path: folder, origin: .flag)))
}
