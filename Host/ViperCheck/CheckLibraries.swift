import ConformanceKit
import ViperCommandLine
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

    /// The folders the child adds to its runtime's search for libraries: those the parent named
    /// (the copies viper loads when the plugin is installed), then beside the plugin under test (and
    /// the SwiftPM build folders there). A library installed in the user folder is the one a
    /// plugin is judged against, not the older copy `swift build` left in its build folder.
    static func folders(pluginAt path: String, environment: [String: String]) -> [PluginFolder] {
        named(environment) + ContractLibraryLookup.folders(besidePlugin: path)
    }

    /// The folders the parent named: the person's `VIPER_PLUGIN_PATH` and user folder.
    static func named(_ environment: [String: String]) -> [PluginFolder] {
        (environment[variable] ?? "").split(separator: ":").map { PluginFolder(path: String($0), origin: .environment) }
    }

    /// `library-copy`: which copy of each contract library the plugin lists the check loaded, and
    /// why that one: the installed copy (the one viper loads), or, with none installed, the copy
    /// beside the plugin.
    static func copyResult(_ libraries: [ContractLibrary], listed: [String], searched: [PluginFolder], environment: [String: String]) -> CheckResult? {
        let used = libraries.filter { $0.status == .loaded && listed.contains($0.name) }
        guard !used.isEmpty else { return nil }
        let installed = Set(named(environment).map { Paths.realPath($0.path) ?? $0.path })
        let folders = searched.map { (Paths.realPath($0.path) ?? $0.path, $0.origin) }
        let notes = used.map { library -> String in
            let folder = Paths.realPath(Paths.parent(library.path)) ?? Paths.parent(library.path)
            if installed.contains(folder) {
                return "\(library.displayName) from \(library.path) (installed: the copy viper loads)"
            }
            if let origin = folders.first(where: { $0.0 == folder })?.1 {
                return "\(library.displayName) from \(library.path) (\(PluginPlacement.originText(origin)): the copy viper loads)"
            }
            return "\(library.displayName) from \(library.path) (beside the plugin: no copy is installed in the user folder or VIPER_PLUGIN_PATH)"
        }
        return CheckResult(check: "library-copy", subject: "plugin", passed: true, reason: notes.joined(separator: "; "))
    }
}
