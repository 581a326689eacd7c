import Foundation

/// Who may put code into this process (OpenPAM's and OpenSSH's StrictModes rule): a
/// plugin file, and every folder above it up to its plugin folder, must be owned by
/// the user running viper or by root, and writable by nobody else. Otherwise another
/// account could replace the plugin and run its code with this user's rights.
package enum PluginTrust {
    /// What is wrong with an opened file's owner or mode, or nil when it can be trusted.
    /// `path` is the file as found; `info` comes from `fstat` on the descriptor that will be loaded.
    package static func fileProblem(path: String, info: stat, user: uid_t = geteuid()) -> String? {
        problem(kind: "file", path: path, info: info, user: user)
    }

    /// What is wrong with the folders between the file at `path` and its plugin folder
    /// `root`, or nil when all can be trusted. A file given alone (`--plugins FILE.so`)
    /// is checked with the folder that holds it; so is the target of a link.
    /// A link is checked as the file it leads to: its real folder, and every folder above that
    /// up to `/` (``foldersAbove(link:root:)``).
    package static func folderProblem(path: String, root: String, user: uid_t = geteuid()) -> String? {
        for folder in folders(between: path, and: root) {
            var info = stat()
            guard stat(folder, &info) == 0 else { continue }  // vanished: loading will say so
            if let problem = problem(kind: "folder", path: folder, info: info, user: user) {
                return problem
            }
        }
        for folder in foldersAbove(link: path, root: root) {
            var info = stat()
            guard stat(folder, &info) == 0 else { continue }
            // A folder everyone may write with the sticky bit, owned by root (`/tmp`): others can add
            // names there but cannot rename or remove the folders of yours on the way down.
            if info.st_uid == 0, info.st_mode & S_ISVTX != 0 { continue }
            if let problem = problem(kind: "folder", path: folder, info: info, user: user) {
                return problem
            }
        }
        return nil
    }

    /// For a link that leads out of its plugin folder `root`, the folders above its target's folder,
    /// up to `/`: whoever can rename one of them can swap the code the link leads to, as for a plain
    /// file in a plugin folder. Empty for a file that is no link, or a link that stays inside `root`.
    static func foldersAbove(link path: String, root: String) -> [String] {
        guard let file = Paths.realPath(path), file != unresolved(path) else { return [] }
        let top = Paths.realPath(root) ?? root
        guard file != top, !file.hasPrefix(top.hasSuffix("/") ? top : top + "/") else { return [] }
        var folders: [String] = []
        var folder = Paths.parent(Paths.parent(file))
        while !folder.isEmpty {
            folders.append(folder)
            let next = Paths.parent(folder)
            if next == folder { break }
            folder = next
        }
        return folders
    }

    /// The folders that must be trusted for the file at `path` found in `root`, innermost first.
    package static func folders(between path: String, and root: String) -> [String] {
        let file = Paths.realPath(path) ?? path
        let top = Paths.realPath(root) ?? root
        var folders: [String] = []
        var folder = Paths.parent(file)
        if file != top, file.hasPrefix(top.hasSuffix("/") ? top : top + "/") {
            // Inside the plugin folder: every folder on the way up to it.
            while folder.count >= top.count, !folder.isEmpty {
                folders.append(folder)
                if folder == top || folder == "/" { break }
                folder = Paths.parent(folder)
            }
        } else {
            // A single file, or a link that leads out of the plugin folder: the file's own
            // folder, and the plugin folder that holds the link.
            folders.append(folder)
            if file != top, top != folder { folders.append(Paths.parent(unresolved(path))) }
        }
        var seen = Set<String>()
        return folders.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// `path` made absolute without resolving links (Foundation's `standardizingPath`, under
    /// ``Paths/absolute(_:)``, resolves them on Linux: a link's own folder would read as its target's).
    private static func unresolved(_ path: String) -> String {
        path.hasPrefix("/") ? path : Paths.join(FileManager.default.currentDirectoryPath, path)
    }

    private static func problem(kind: String, path: String, info: stat, user: uid_t) -> String? {
        let subject = kind == "file" ? "the file" : "its folder \(path)"
        let type = info.st_mode & S_IFMT
        if type != S_IFREG && type != S_IFDIR {
            // No chmod advice: a device or a FIFO is no plugin whatever its mode (`--plugins /dev/zero`).
            let what = type == S_IFCHR || type == S_IFBLK ? "a device" : type == S_IFIFO ? "a FIFO" : type == S_IFSOCK ? "a socket" : "not a regular file"
            return "refused: \(path) is \(what), not a plugin file; give the path of a plugin (lib<Name>.so) or of a folder of plugins "
                + "(one found in a plugin folder: remove it from there)"
        }
        if info.st_uid != user && info.st_uid != 0 {
            return "refused: \(subject) belongs to \(describe(info.st_uid)), not to you (\(describe(user))) or root, "
                + "so its owner could replace the code viper runs; if you trust it, run 'chown \(name(user)) \(path)', "
                + "or move the plugin to a folder of your own"
        }
        let writable = info.st_mode & (S_IWGRP | S_IWOTH)
        if writable != 0 {
            let who = writable & S_IWOTH == 0 ? "its group" : (writable & S_IWGRP == 0 ? "everyone" : "its group and everyone")
            return "refused: \(subject) can be written by \(who) (mode \(String(info.st_mode & 0o7777, radix: 8))), "
                + "so another account could replace the code viper runs; run 'chmod go-w \(path)'"
        }
        return nil
    }

    /// The login name of `uid`, or the number when it has none.
    private static func name(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return String(uid) }
        return String(cString: name)
    }

    private static func describe(_ uid: uid_t) -> String {
        let login = name(uid)
        return login == String(uid) ? "uid \(uid)" : "\(login) (uid \(uid))"
    }
}
