import Foundation
import ViperELF

/// Where contract libraries are found: one lookup, used by the runtime's start-up and by
/// `viper check` (its child loads the plugin under test with the catalog this lookup fills).
///
/// A contract library is found
/// 1. in every plugin folder viper searches (`--plugins DIR`, `VIPER_PLUGIN_PATH`, the user
///    folder, beside viper), among what discovery lists;
/// 2. beside a plugin given as a file (`--plugins path/libX.so`, `viper check path/libX.so`):
///    `swift build` puts the libraries a plugin's package depends on in the plugin's own build
///    folder, so a plugin run from its build folder finds its library there;
/// 3. in the SwiftPM build folders next to such a file (`.build/debug`, `.build/release` of its
///    folder), for a plugin kept in its package's root;
/// 4. in the folders a caller adds (`viper check` adds the search folders it does not load
///    plugins from: `VIPER_PLUGIN_PATH` and the user folder).
///
/// Invariants:
/// - Folders of 2–4 give contract libraries only, never plugins: a sibling plugin is not loaded.
/// - A library of 2–4 whose file name was already found is left out quietly: every build folder
///   of a package that uses a library holds a copy of it. Two libraries of one name in plugin
///   folders stay what they were, the second refused by ``ContractLibraryCatalog``.
/// - Nothing is added when no plugin is given as a file and no folder is added: a plain start-up
///   reads no folder more than before.
package enum ContractLibraryLookup {
    /// The folders 2 and 3 above, for the plugin file at `path`: its folder, then the SwiftPM
    /// build folders in it that exist.
    package static func folders(besidePlugin path: String) -> [PluginFolder] {
        let folder = Paths.parent(Paths.absolute(path))
        let builds = ["debug", "release"].map { Paths.join(folder, ".build/" + $0) }
        return [PluginFolder(path: folder, origin: .flag)]
            + builds.filter(isFolder).map { PluginFolder(path: $0, origin: .flag) }
    }

    /// `libraries` (what discovery found in the search folders), then every contract library of the
    /// folders implied by the files among `searched` and of `added`, in that order. The libraries
    /// of `preferred` (`viper dev`'s builds of a workspace's libraries) come before all of them,
    /// and a library elsewhere with the same file name is left out quietly: the session loads the
    /// copy it is building, not an installed one.
    package static func files(libraries: [PluginFile], searched: [PluginFolder], added: [PluginFolder] = [], preferred: [PluginFolder] = [])
        -> [PluginFile]
    {
        let first = contractLibraries(in: preferred)
        let preferredNames = Set(first.map { Paths.lastComponent($0.path) })
        let libraries = first + libraries.filter { !preferredNames.contains(Paths.lastComponent($0.path)) }
        let implied = searched.filter { !isFolder($0.path) && isFile($0.path) }.flatMap { folders(besidePlugin: $0.path) }
        let extra = implied + added
        guard !extra.isEmpty else { return libraries }
        var seenFolders = Set(searched.filter { isFolder($0.path) }.map { Paths.realPath($0.path) ?? $0.path })
        var names = Set(libraries.map { Paths.lastComponent($0.path) })
        var result = libraries
        for folder in extra where seenFolders.insert(Paths.realPath(folder.path) ?? folder.path).inserted {
            for path in PluginDiscovery.pluginPaths(in: folder) where !names.contains(Paths.lastComponent(path)) {
                guard let elf = ContractLibraryELF.sniff(path: path), elf.record != nil, !elf.definesPluginEntry else { continue }
                names.insert(Paths.lastComponent(path))
                result.append(PluginFile(path: path, folder: folder))
            }
        }
        return result
    }

    /// The contract libraries in `folders`, the first of each file name.
    package static func contractLibraries(in folders: [PluginFolder]) -> [PluginFile] {
        var names = Set<String>()
        var result: [PluginFile] = []
        for folder in folders {
            for path in PluginDiscovery.pluginPaths(in: folder) where !names.contains(Paths.lastComponent(path)) {
                guard let elf = ContractLibraryELF.sniff(path: path), elf.record != nil, !elf.definesPluginEntry else { continue }
                names.insert(Paths.lastComponent(path))
                result.append(PluginFile(path: path, folder: folder))
            }
        }
        return result
    }

    /// The folders `viper check` adds (4 above): `VIPER_PLUGIN_PATH`'s and the user folder of
    /// `environment`, the one the person runs viper with (the check's child gets a temporary one).
    package static func checkFolders(environment: [String: String]) -> [PluginFolder] {
        PluginFolder.searchOrder(flags: [], environment: environment, executableDirectory: "")
            .filter { $0.origin == .environment || $0.origin == .user }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

extension ContractLibraryLookup {
    /// A loader for one plugin file outside the search folders (`viper check`'s plugin under test),
    /// holding the contract libraries a runtime searching `searched` and `added` finds, in the same
    /// order, so the two pick the same copy of a library found twice.
    package static func loader(searched: [PluginFolder], added: [PluginFolder], allowInsecure: Bool = false) -> PluginLoader {
        let libraries = ContractLibraryCatalog.separate(PluginDiscovery.discover(searched).files).libraries
        let loader = PluginLoader(policy: LoadPolicy(allowInsecure: allowInsecure))
        loader.contractLibraries = ContractLibraryCatalog(
            files(libraries: libraries, searched: searched, added: added),
            allowInsecure: allowInsecure)
        return loader
    }
}
