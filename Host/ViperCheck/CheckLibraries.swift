import ViperLoading

/// Where `viper check` finds the contract libraries of the plugin under test and of its providers:
/// ``ContractLibraryLookup``, the runtime's own lookup, given the folders the check's child does not
/// search for plugins. The child runs with a temporary user folder and no `VIPER_PLUGIN_PATH` (its
/// providers are the bundled plugins and `--plugins`), so the parent names the person's
/// `VIPER_PLUGIN_PATH` and user folder to it in ``variable``, for their libraries only.
enum CheckLibraries {
    /// Internal to `viper check`: the folders, separated by `:`, the child searches for libraries.
    static let variable = "VIPER_CHECK_LIBRARY_PATH"

    /// The value of ``variable`` for a child of a check run in `environment`.
    static func value(environment: [String: String]) -> String {
        ContractLibraryLookup.checkFolders(environment: environment).map(\.path).joined(separator: ":")
    }

    /// The folders the child adds to its runtime's search for libraries: beside the plugin under test
    /// (and the SwiftPM build folders there), then those the parent named.
    static func folders(pluginAt path: String, environment: [String: String]) -> [PluginFolder] {
        let named = (environment[variable] ?? "").split(separator: ":").map { PluginFolder(path: String($0), origin: .environment) }
        return ContractLibraryLookup.folders(besidePlugin: path) + named
    }
}
