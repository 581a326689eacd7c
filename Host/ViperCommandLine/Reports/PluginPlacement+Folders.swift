import Foundation
import ViperLoading
import ViperRuntime

/// Plugin folders that are almost the ones viper searches: a plugin copied into
/// `viper/plugin/` or `Plugins/` beside the user folder, or into the default user folder
/// (`~/.local/share/viper/plugins`) while `XDG_DATA_HOME` points elsewhere, never loads, so
/// `doctor` must not say ok. Each plugin file there is a near miss with "did you mean".
extension PluginPlacement {
    /// Plugin files in a folder beside a searched folder whose name is a slip for it
    /// (``isMisspelling(_:of:)``), or in the default user folder when `environment` moves the
    /// user folder elsewhere.
    static func misnamedFolders(folders: [PluginFolder], environment: [String: String]) -> [NearMiss] {
        let searched = Set(folders.map { Paths.realPath($0.path) ?? $0.path })
        var misses: [NearMiss] = []
        var seen = Set<String>()
        for folder in folders where folder.origin != .bundled {
            let parent = Paths.parent(folder.path)
            let name = Paths.lastComponent(folder.path)
            let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).sorted()
            for sibling in siblings where sibling != name && isMisspelling(sibling, of: name) {
                let path = Paths.join(parent, sibling)
                guard !searched.contains(Paths.realPath(path) ?? path), seen.insert(path).inserted else { continue }
                for file in plugins(in: path) {
                    misses.append(
                        NearMiss(
                            path: file,
                            advice: "\(path) is not searched; did you mean \(folder.path) "
                                + "(\(originText(folder.origin)))? move it to \(Paths.join(folder.path, Paths.lastComponent(file)))"))
                }
            }
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let defaultFolder = Paths.join(home, ".local/share/viper/plugins")
        if let user = folders.first(where: { $0.origin == .user }), user.path != defaultFolder,
            !searched.contains(Paths.realPath(defaultFolder) ?? defaultFolder), seen.insert(defaultFolder).inserted
        {
            for file in plugins(in: defaultFolder) {
                misses.append(
                    NearMiss(
                        path: file,
                        advice: "XDG_DATA_HOME is \(environment["XDG_DATA_HOME"] ?? "set"), so the user folder is \(user.path), "
                            + "not \(defaultFolder); did you mean \(user.path)? move it to \(Paths.join(user.path, Paths.lastComponent(file))), or unset XDG_DATA_HOME"
                    ))
            }
        }
        for (folder, reason) in nearbyFolders(folders: folders, environment: environment)
        where !searched.contains(Paths.realPath(folder) ?? folder) && seen.insert(folder).inserted {
            guard let user = folders.first(where: { $0.origin == .user }) else { break }
            for file in plugins(in: folder) {
                misses.append(
                    NearMiss(
                        path: file,
                        advice: "\(folder) is \(reason), which viper does not search; did you mean \(user.path) (user folder)? "
                            + "move it to \(Paths.join(user.path, Paths.lastComponent(file)))"))
            }
        }
        return misses
    }

    /// Folders an author may take for the user plugin folder (`DATA/viper/plugins`, DATA being
    /// `$XDG_DATA_HOME` or `~/.local/share`), each with what it is: the data folder's root
    /// (`DATA/viper`), the plugins folder one level up (`DATA/plugins`), and the `lib` folders
    /// beside `share` (`~/.local/lib/viper/plugins`, `~/.local/lib/viper` when no viper is
    /// installed there).
    static func nearbyFolders(folders: [PluginFolder], environment: [String: String]) -> [(String, String)] {
        guard let user = folders.first(where: { $0.origin == .user }) else { return [] }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        var roots = [Paths.parent(Paths.parent(user.path))]
        let defaultRoot = Paths.join(home, ".local/share")
        if !roots.contains(defaultRoot) { roots.append(defaultRoot) }
        var found: [(String, String)] = []
        for root in roots {
            found.append((Paths.join(root, "viper"), "viper's data folder, not its plugin folder"))
            found.append((Paths.join(root, "plugins"), "a plugins folder outside viper's data folder"))
            let lib = Paths.join(Paths.parent(root), "lib/viper")
            found.append((Paths.join(lib, "plugins"), "a plugins folder under lib/, not under share/"))
            // An installed viper's own folder holds its bundled plugins (searched when it runs).
            if !FileManager.default.fileExists(atPath: Paths.join(lib, ".viper-install")) {
                found.append((lib, "a folder under lib/, not under share/"))
            }
        }
        return found
    }

    /// Whether a folder named `sibling` beside the searched folder `searched` is a slip for it: one
    /// edit from it, and either only the letter case or a trailing `s` apart (`my-plugin/` beside
    /// `my-plugins/`), or both names one edit from `plugins` (`plugin/`, `Plugins/`, `plugns/` beside
    /// `plugins/`). Folders side by side with names of their own (`p1/`, `p2/`, `fixtures-a/`,
    /// `fixtures-b/`) are not: `--plugins` named one of them on purpose.
    static func isMisspelling(_ sibling: String, of searched: String) -> Bool {
        guard isOneEditAway(sibling, searched) else { return false }
        let a = sibling.lowercased(), b = searched.lowercased()
        if a == b || a + "s" == b || a == b + "s" { return true }
        return isOneEditAway(sibling, "plugins") && isOneEditAway(searched, "plugins")
    }

    /// Whether `a` becomes `b` with one insertion, deletion or substitution, or differs only in case.
    static func isOneEditAway(_ a: String, _ b: String) -> Bool {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        if a == b { return true }
        guard abs(a.count - b.count) <= 1 else { return false }
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        if a.count == b.count { return Array(a[(i + 1)...]) == Array(b[(i + 1)...]) }
        return a.count > b.count ? Array(a[(i + 1)...]) == Array(b[i...]) : Array(a[i...]) == Array(b[(i + 1)...])
    }

    /// Plugin files (`*.so` naming the plugin entry point) directly in `folder`.
    private static func plugins(in folder: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".so") && !$0.hasPrefix(".") }
            .sorted().map { Paths.join(folder, $0) }.filter(looksLikePlugin)
    }
}

extension PluginPlacement {
    /// Every near miss `doctor` reports for `runtime`: misplaced files, then misnamed folders.
    /// Any makes `doctor` exit 1: a plugin the author copied that never loads is a problem.
    static func nearMisses(_ runtime: HostRuntime) -> [NearMiss] {
        nearMisses(folders: runtime.folders, dataFolder: runtime.dataFolder)
            + misnamedFolders(folders: runtime.folders, environment: runtime.options.environment)
    }

    /// Whether `doctor` finds a plugin file that never loads because of where it is.
    package static func hasNearMisses(_ runtime: HostRuntime) -> Bool {
        !nearMisses(runtime).isEmpty
    }
}

extension PluginPlacement {
    /// What `viper check PATH` adds when PATH sits in a near miss: the plugin conforms or not, but
    /// viper would not load it from there; the line says where to move it. Nil elsewhere (a build
    /// folder is where an author checks a plugin before copying it).
    package static func checkedFileNote(_ path: String, flags: [String], environment: [String: String]) -> String? {
        let folders = PluginFolder.searchOrder(flags: flags, environment: environment, executableDirectory: Paths.executableDirectory())
        let dataFolder =
            environment["VIPER_DATA_DIR"].flatMap { $0.isEmpty ? nil : Paths.absolute($0) }
            ?? Paths.join(Paths.xdgDataHome(environment), "viper")
        let target = Paths.realPath(path) ?? path
        let misses = nearMisses(folders: folders, dataFolder: dataFolder) + misnamedFolders(folders: folders, environment: environment)
        guard let miss = misses.first(where: { (Paths.realPath($0.path) ?? $0.path) == target }) else { return nil }
        return "misplaced: \(miss.path) is a plugin viper does not load: \(miss.advice)"
    }
}
