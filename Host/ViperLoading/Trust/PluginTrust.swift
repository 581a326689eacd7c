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
    package static func folderProblem(path: String, root: String, user: uid_t = geteuid()) -> String? {
        for folder in folders(between: path, and: root) {
            var info = stat()
            guard stat(folder, &info) == 0 else { continue }  // vanished: loading will say so
            if let problem = problem(kind: "folder", path: folder, info: info, user: user) {
                return problem
            }
        }
        return nil
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
            if file != top, top != folder { folders.append(Paths.parent(Paths.absolute(path))) }
        }
        var seen = Set<String>()
        return folders.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    private static func problem(kind: String, path: String, info: stat, user: uid_t) -> String? {
        let subject = kind == "file" ? "the file" : "its folder \(path)"
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
