import Foundation
import ViperLoading

/// The copies of a workspace's contract libraries that one `viper dev` process loads: each
/// library's build is copied, once, into a folder of this process's own, which the shell searches
/// before every plugin folder (``ContractLibraryLookup``), so the session runs the library it
/// builds and not an installed copy of the same name.
///
/// Invariants: a copy is written once, before the shell starts, into a folder made for it; no
/// build and no later copy writes over it, since a library viper has mapped must never change
/// under it. A rebuilt library cannot replace the loaded one in a running process (its types are
/// already in use), so a rebuild is said in one line with the way to load it (``rebuilt(product:build:)``).
final class DevLibraryCopies {
    struct Problem: Error {
        let message: String
    }

    /// The folder of the copies (mode 0700, removed at the end of the session).
    let folder: String
    /// What each copy is: its library's name and version, read from the copy.
    private(set) var loaded: [String: ContractLibrary] = [:]
    /// The lines saying which copy of each library the session loads.
    private(set) var lines: [String] = []

    private init(folder: String) {
        self.folder = folder
    }

    /// Copies each of `built` (a product and the path of its build) that exists into a new folder;
    /// the lines name each copy, its build, and the installed copy it is loaded in place of.
    static func make(_ built: [(product: String, path: String)], environment: [String: String]) -> Result<DevLibraryCopies, Problem> {
        let folder = Paths.join(NSTemporaryDirectory(), "viper-dev-\(getpid())-\(UUID().uuidString.prefix(8))")
        guard mkdir(folder, 0o700) == 0 else {
            return .failure(Problem(message: "cannot make \(folder) for the workspace's libraries (\(String(cString: strerror(errno))))"))
        }
        let copies = DevLibraryCopies(folder: folder)
        var builds: [String: String] = [:]
        for build in built where FileManager.default.fileExists(atPath: build.path) {
            let copy = Paths.join(folder, Paths.lastComponent(build.path))
            do {
                try FileManager.default.copyItem(atPath: build.path, toPath: copy)
            } catch {
                copies.remove()
                return .failure(Problem(message: "cannot copy \(build.path) to \(copy) (\(error.localizedDescription))"))
            }
            builds[Paths.lastComponent(build.path)] = build.path
        }
        let found = ContractLibraryLookup.contractLibraries(in: [PluginFolder(path: folder, origin: .flag)])
        let installedFolders = ContractLibraryLookup.checkFolders(environment: environment).map(\.path)
        for library in ContractLibraryCatalog(found).libraries where library.status == .ready {
            let file = Paths.lastComponent(library.path)
            copies.loaded[file] = library
            let installed = installedFolders.map { Paths.join($0, file) }.first { FileManager.default.fileExists(atPath: $0) }
            copies.lines.append(
                "Library \(library.displayName): this session loads the workspace's build \(builds[file] ?? file) (as the copy \(library.path), "
                    + "which no build writes over)" + (installed.map { "; the installed \($0) is not used under viper dev" } ?? ""))
        }
        return .success(copies)
    }

    /// What a rebuilt library means for the running session.
    struct Rebuilt {
        /// The line to show.
        let line: String
        /// Whether its version changed: plugins built against it would be refused by the loaded copy.
        let holdsPlugins: Bool
    }

    /// After the library `product` was built again at `build`, or nil when this session loaded no
    /// copy of it: the running viper keeps the copy it loaded, and a restart loads the new one.
    func rebuilt(product: String, build: String) -> Rebuilt? {
        guard let loaded = loaded[Paths.lastComponent(build)] else { return nil }
        let rebuilt = ContractLibraryCatalog([PluginFile(path: build, folder: PluginFolder(path: Paths.parent(build), origin: .flag))])
            .libraries.first { $0.status == .ready }
        let restart = "to run the new build, quit and run 'viper dev' again"
        let kept = "this viper keeps running the \(loaded.displayName) it loaded at start, since a contract library cannot be replaced in a running process"
        guard let rebuilt, rebuilt.version != loaded.version else {
            return Rebuilt(line: "\(product) rebuilt: \(kept); its plugins are built and reloaded against it; \(restart)", holdsPlugins: false)
        }
        return Rebuilt(
            line: "\(product) rebuilt (now \(rebuilt.version)): \(kept), so its plugins are not built against \(rebuilt.version) "
                + "in this session (the running \(loaded.version) would refuse them); \(restart)",
            holdsPlugins: true)
    }

    /// Removes the folder (a copy viper has mapped stays readable to it until it ends).
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
