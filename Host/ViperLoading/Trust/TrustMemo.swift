import Foundation

/// What the trust checks of one start-up worked out once: each folder's verdict, each
/// folder's real path, and who runs viper.
package struct TrustMemo {
    private var verdicts: [String: String?] = [:]
    private var realFolders: [String: String] = [:]
    private let user = geteuid()
    /// The folder and plugin folder of the last file that was no link, and their verdict:
    /// the next file of that folder shares it (files come folder by folder).
    private var last: (folder: String, root: String, verdict: String?)?

    package init() {}

    /// Why `file` cannot be trusted, or nil; a folder's verdict is kept for the next file.
    package mutating func problem(_ file: PluginFile, info: stat, isLink: Bool?) -> String? {
        if isLink == false, let last = last, last.root == file.folder.path, Self.isChild(file.path, of: last.folder) {
            return PluginTrust.fileProblem(path: file.path, info: info, user: user) ?? last.verdict
        }
        // The folders checked depend on where the file (and a link to it) lives, and on the plugin folder.
        // A file that is no link lives in its folder's real path (one realpath per folder, not per file).
        let folder = Paths.parent(file.path)
        let realFolder: String
        if isLink == false {
            realFolder =
                realFolders[folder]
                ?? {
                    let real = Paths.realPath(folder) ?? folder
                    realFolders[folder] = real
                    return real
                }()
        } else {
            realFolder = Paths.parent(Paths.realPath(file.path) ?? file.path)
        }
        let folderKey = [realFolder, folder, file.folder.path].joined(separator: "\u{0}")
        let folderProblem =
            verdicts[folderKey]
            ?? {
                let verdict = PluginTrust.folderProblem(path: file.path, root: file.folder.path, user: user)
                verdicts[folderKey] = verdict
                return verdict
            }()
        last = isLink == false ? (folder, file.folder.path, folderProblem) : nil
        return PluginTrust.fileProblem(path: file.path, info: info, user: user) ?? folderProblem
    }

    /// Whether `Paths.parent(path)` is `folder`, without making a string: `folder`, a slash, and a name without one.
    private static func isChild(_ path: String, of folder: String) -> Bool {
        var path = path, folder = folder
        return path.withUTF8 { path in
            folder.withUTF8 { folder in
                guard let last = folder.last, last != 0x2F, path.count > folder.count + 1, path[folder.count] == 0x2F,
                    let pathStart = path.baseAddress, let folderStart = folder.baseAddress,
                    memcmp(pathStart, folderStart, folder.count) == 0
                else { return false }
                return memchr(pathStart + folder.count + 1, 0x2F, path.count - folder.count - 1) == nil
            }
        }
    }
}
