import Foundation
import ViperLoading
import ViperRuntime

/// Where viper looks for plugins, said out loud: the folders it searches, in order, with
/// those that do not exist marked (`viper plugins`), and plugin files that sit just outside
/// them, each with where it should go (`viper doctor`).
///
/// A near miss is a file that names `viper_plugin_entry` (so it is a plugin, not a library a
/// plugin needs) in a place viper does not look: the data folder's `plugins/` when the data
/// folder is not `$XDG_DATA_HOME/viper`, a subfolder of a plugin folder, or a versioned name
/// (`libX.so.1`) in a plugin folder.
package enum PluginPlacement {
    /// A plugin file viper does not load because of where it is, and what to do.
    struct NearMiss: Encodable, Equatable {
        let path: String
        let advice: String
    }

    /// Files larger than this are not read to see whether they are plugins.
    private static let largestPlugin = 256 << 20
    private static let entrySymbol = Data("viper_plugin_entry".utf8)

    /// The user plugin folder viper searches with `environment` (`$XDG_DATA_HOME/viper/plugins`):
    /// where `viper new`, its README and `viper sdk` tell an author to copy a plugin.
    package static func userFolder(_ environment: [String: String]) -> String {
        let folders = PluginFolder.searchOrder(flags: [], environment: environment, executableDirectory: "")
        return folders.first { $0.origin == .user }?.path ?? Paths.join(Paths.xdgDataHome(environment), "viper/plugins")
    }

    /// The search folders as numbered lines, e.g. `  2. /home/ada/.local/share/viper/plugins (user folder; does not exist)`.
    static func folderLines(_ folders: [PluginFolder]) -> [String] {
        ["Plugin folders, in search order:"]
            + folders.enumerated().map { index, folder in
                let exists = FileManager.default.fileExists(atPath: folder.path)
                return "  \(index + 1). \(folder.path) (\(originText(folder.origin))\(exists ? "" : "; does not exist"))"
            }
    }

    package static func originText(_ origin: PluginOrigin) -> String {
        switch origin {
        case .flag: return "--plugins"
        case .environment: return "VIPER_PLUGIN_PATH"
        case .user: return "user folder"
        case .bundled: return "bundled, beside viper"
        }
    }

    /// Plugin files in places viper does not search, in a stable order.
    static func nearMisses(folders: [PluginFolder], dataFolder: String) -> [NearMiss] {
        let searched = Set(folders.map { Paths.realPath($0.path) ?? $0.path })
        let userFolder = folders.first { $0.origin == .user }?.path ?? Paths.join(dataFolder, "plugins")
        var misses: [NearMiss] = []
        let dataPlugins = Paths.join(dataFolder, "plugins")
        if !searched.contains(Paths.realPath(dataPlugins) ?? dataPlugins) {
            for path in pluginFiles(in: dataPlugins) {
                misses.append(
                    NearMiss(
                        path: path,
                        advice: "the data folder (\(dataFolder)) is not $XDG_DATA_HOME/viper, so its plugins/ is not searched; "
                            + "move it to \(userFolder)/ or pass --plugins \(dataPlugins)"))
            }
        }
        for folder in folders where folder.origin != .bundled && isDirectory(folder.path) {
            for name in names(in: folder.path) where versionedBase(name) != nil {
                let path = Paths.join(folder.path, name)
                guard !isDirectory(path), looksLikePlugin(path), let base = versionedBase(name) else { continue }
                misses.append(NearMiss(path: path, advice: "viper loads only names ending in .so; rename it to \(Paths.join(folder.path, base))"))
            }
            for name in names(in: folder.path) {
                let subfolder = Paths.join(folder.path, name)
                guard isDirectory(subfolder), !searched.contains(Paths.realPath(subfolder) ?? subfolder) else { continue }
                for path in pluginFiles(in: subfolder) {
                    misses.append(
                        NearMiss(
                            path: path,
                            advice: "viper looks only at files directly in the plugin folder \(folder.path); "
                                + "move it to \(Paths.join(folder.path, Paths.lastComponent(path)))"))
                }
            }
        }
        return misses
    }

    /// `doctor`'s lines for near misses.
    static func lines(_ misses: [NearMiss]) -> [String] {
        misses.map { "misplaced: \($0.path) is a plugin viper does not load: \($0.advice)" }
    }

    // MARK: Helpers

    /// Plugin files (`.so` or `.so.N`) directly in `folder`.
    private static func pluginFiles(in folder: String) -> [String] {
        names(in: folder).filter { $0.hasSuffix(".so") || versionedBase($0) != nil }
            .map { Paths.join(folder, $0) }
            .filter { !isDirectory($0) && looksLikePlugin($0) }
    }

    /// `libX.so` for `libX.so.1` or `libX.so.1.2`; nil for any other name.
    static func versionedBase(_ name: String) -> String? {
        guard let range = name.range(of: ".so.", options: .backwards), range.lowerBound != name.startIndex else { return nil }
        let version = name[range.upperBound...]
        guard !version.isEmpty, version.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return String(name[..<range.lowerBound]) + ".so"
    }

    private static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    private static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }

    /// Whether `path` names the plugin entry point (read without loading it).
    static func looksLikePlugin(_ path: String) -> Bool {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= largestPlugin,
            let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        else { return false }
        return data.range(of: entrySymbol) != nil
    }
}
