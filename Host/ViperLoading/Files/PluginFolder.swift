/// Where a plugin folder came from, in search order.
package enum PluginOrigin: String, Codable, Sendable {
    /// `--plugins DIR` on the command line.
    case flag
    /// `VIPER_PLUGIN_PATH`.
    case environment
    /// `$XDG_DATA_HOME/viper/plugins`.
    case user
    /// Beside the `viper` executable.
    case bundled

    /// Whether it is ``bundled``, told by the case alone: `== .bundled` from another module went
    /// through the generic `Equatable` witness, for every plugin at every start.
    package var isBundled: Bool {
        if case .bundled = self { return true }
        return false
    }
}

/// A folder (or a single `.so` given with `--plugins`) to search for plugins.
package struct PluginFolder: Hashable, Codable, Sendable {
    /// Absolute path.
    package let path: String
    /// Why it is searched.
    package let origin: PluginOrigin

    package init(path: String, origin: PluginOrigin) {
        self.path = path
        self.origin = origin
    }

    /// The folders in search order: `--plugins` (in the order given), `VIPER_PLUGIN_PATH`,
    /// the user folder, then the bundled plugins beside the executable.
    package static func searchOrder(flags: [String], environment: [String: String], executableDirectory: String) -> [PluginFolder] {
        var folders = flags.map { PluginFolder(path: Paths.absolute($0), origin: .flag) }
        if let list = environment["VIPER_PLUGIN_PATH"] {
            folders += list.split(separator: ":").map { PluginFolder(path: Paths.absolute(String($0)), origin: .environment) }
        }
        folders.append(PluginFolder(path: Paths.join(Paths.xdgDataHome(environment), "viper/plugins"), origin: .user))
        folders.append(PluginFolder(path: executableDirectory, origin: .bundled))
        return folders
    }
}
