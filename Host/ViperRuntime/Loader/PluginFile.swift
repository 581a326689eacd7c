import Foundation

/// A plugin file found in a folder, not yet loaded.
package struct PluginFile: Hashable, Sendable {
    /// Absolute path as found.
    package let path: String
    /// The folder it was found in.
    package let folder: PluginFolder

    package init(path: String, folder: PluginFolder) {
        self.path = path
        self.folder = folder
    }
}

/// Finds plugin files in folders, each file once.
package enum PluginDiscovery {
    package struct Result {
        package var files: [PluginFile] = []
        /// Problems with the folders themselves (a `--plugins` path that does not exist).
        var folderProblems: [String] = []
        /// What the one look at each file found (by path): start-up checks and stamps the
        /// file from it instead of calling `stat` again. Absent for a file that could not be read.
        var infos: [String: FileInfo] = [:]
    }

    /// A file's `stat` (the link's target when it is a link), and whether its path is a link.
    struct FileInfo {
        let info: stat
        let isLink: Bool
    }

    /// Lists `*.so` files in each folder in order (bundled folder: `lib*Plugin.so` only,
    /// since the build folder also holds libContracts.so). A file reached twice
    /// (same folder listed twice, a symlink) is kept at its first place.
    package static func discover(_ folders: [PluginFolder]) -> Result {
        var result = Result()
        var seenFiles = Set<FileIdentity>()
        var seenFolders = Set<String>()
        for folder in folders {
            var info = stat()
            guard stat(folder.path, &info) == 0 else {
                if folder.origin == .flag || folder.origin == .environment {
                    let source = folder.origin == .flag ? "--plugins" : "VIPER_PLUGIN_PATH"
                    result.folderProblems.append("\(folder.path): no such plugin folder or file (given with \(source)); check the path")
                }
                continue
            }
            let candidates: [String]
            if (info.st_mode & S_IFMT) == S_IFDIR {
                guard seenFolders.insert(Paths.realPath(folder.path) ?? folder.path).inserted else { continue }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                candidates = names.filter { name in
                    guard !name.hasPrefix("."), name.hasSuffix(".so") else { return false }
                    return folder.origin != .bundled || (name.hasPrefix("lib") && name.hasSuffix("Plugin.so"))
                }.sorted().map { Paths.join(folder.path, $0) }
            } else {
                candidates = [folder.path]
            }
            for path in candidates {
                var fileInfo = stat()
                // lstat first: most files are no link, and then it is all of stat (one call per file).
                var readable = lstat(path, &fileInfo) == 0
                let isLink = readable && (fileInfo.st_mode & S_IFMT) == S_IFLNK
                if isLink { readable = stat(path, &fileInfo) == 0 }
                // A dangling link or a file that vanished: keep it so loading reports it.
                if readable {
                    guard seenFiles.insert(FileIdentity(device: UInt64(fileInfo.st_dev), inode: UInt64(fileInfo.st_ino))).inserted else { continue }
                    result.infos[path] = FileInfo(info: fileInfo, isLink: isLink)
                }
                result.files.append(PluginFile(path: path, folder: folder))
            }
        }
        return result
    }
}

struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
}
