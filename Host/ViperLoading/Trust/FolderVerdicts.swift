import Foundation

/// The folder trust verdicts (``PluginTrust/folderProblem(path:root:user:)``) one scanner child
/// works out once per folder instead of once per plugin: each costs two `realpath`s and a `stat`
/// of every folder up to the plugin folder, a dozen system calls for each of hundreds of files in
/// one folder. A scan lasts a moment, as the start-up that keeps the same verdicts (`CachedScan`)
/// does; the owner and mode of the file itself are still checked on its open descriptor each time.
///
/// Only a file that is no link shares its folder's verdict: which folders are checked follows
/// from the real path of its folder and the plugin folder alone. A link is checked in full.
package final class FolderVerdicts {
    private struct Key: Hashable {
        let folder: String
        let root: String
    }

    private var verdicts: [Key: String?] = [:]
    private let user = geteuid()

    /// Why the folders between `path` and `root` cannot be trusted, or nil.
    package func problem(path: String, root: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else {
            return PluginTrust.folderProblem(path: path, root: root, user: user)
        }
        let key = Key(folder: Paths.parent(path), root: root)
        if let known = verdicts[key] { return known }
        let verdict = PluginTrust.folderProblem(path: path, root: root, user: user)
        verdicts[key] = verdict
        return verdict
    }
}
