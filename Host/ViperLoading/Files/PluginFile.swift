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
        package var folderProblems: [String] = []
        /// What the one look at each file found (by index into ``files``): start-up checks and
        /// stamps the file from it instead of calling `stat` again. Nil for a file that could not be read.
        package var infos: [FileInfo?] = []
    }

    /// A file's `stat` (the link's target when it is a link), and whether its path is a link.
    package struct FileInfo {
        package let info: stat
        package let isLink: Bool
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
                candidates = pluginPaths(in: folder)
            } else {
                candidates = [folder.path]
            }
            result.infos.reserveCapacity(result.infos.count + candidates.count)
            seenFiles.reserveCapacity(seenFiles.count + candidates.count)
            for path in candidates {
                var fileInfo = stat()
                // lstat first: most files are no link, and then it is all of stat (one call per file).
                // withCString: a native path is used in place (passing the String made a C copy of it).
                var readable = path.withCString { lstat($0, &fileInfo) } == 0
                let isLink = readable && (fileInfo.st_mode & S_IFMT) == S_IFLNK
                if isLink { readable = path.withCString { stat($0, &fileInfo) } == 0 }
                // A dangling link or a file that vanished: keep it so loading reports it.
                if readable {
                    guard seenFiles.insert(FileIdentity(device: UInt64(fileInfo.st_dev), inode: UInt64(fileInfo.st_ino))).inserted else { continue }
                }
                result.infos.append(readable ? FileInfo(info: fileInfo, isLink: isLink) : nil)
                result.files.append(PluginFile(path: path, folder: folder))
            }
        }
        return result
    }
}

extension PluginDiscovery {
    /// The paths of the files in `folder` that may be plugins, sorted by name: `*.so` but hidden
    /// files (bundled folder: `lib*Plugin.so` only, since the build folder also holds libContracts.so).
    /// Names are read with `readdir` into one buffer and, when all are ASCII, checked and sorted as
    /// bytes (the order `String` sorts them in), each path made once from the folder's and the name's
    /// bytes; any other name is checked and sorted as a `String`.
    package static func pluginPaths(in folder: PluginFolder) -> [String] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        let bundled = folder.origin == .bundled
        var storage: [UInt8] = []
        var names: [Range<Int>] = []
        var ascii = true
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        let nameCapacity = MemoryLayout<dirent>.size - nameOffset
        while let entry = readdir(directory) {
            // The name in place (copying the entry's 256-byte name field cost more than the rest).
            let start = UnsafeRawPointer(entry) + nameOffset
            let name = UnsafeRawBufferPointer(start: start, count: strnlen(start.assumingMemoryBound(to: CChar.self), nameCapacity))
            if name.count <= 2, name.allSatisfy({ $0 == 0x2E }), !name.isEmpty { continue }  // . and ..
            if !Self.isASCII(name) {
                ascii = false
            } else if !isCandidate(name, bundled: bundled) {
                continue
            }
            names.append(storage.count..<(storage.count + name.count))
            storage.append(contentsOf: name)
        }
        guard ascii else {
            return names.map { String(decoding: storage[$0], as: UTF8.self) }.filter { name in
                guard !name.hasPrefix("."), name.hasSuffix(".so") else { return false }
                return !bundled || (name.hasPrefix("lib") && name.hasSuffix("Plugin.so"))
            }.sorted().map { Paths.join(folder.path, $0) }
        }
        var prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return storage.withUnsafeBufferPointer { buffer -> [String] in
            guard let base = buffer.baseAddress else { return [] }
            names = sortedByBytes(names, in: base)
            return prefix.withUTF8 { head in
                names.map { name in
                    String(unsafeUninitializedCapacity: head.count + name.count) { path in
                        guard let target = path.baseAddress else { return 0 }
                        if let source = head.baseAddress { target.update(from: source, count: head.count) }
                        (target + head.count).update(from: base + name.lowerBound, count: name.count)
                        return head.count + name.count
                    }
                }
            }
        }
    }

    /// `names` (ranges of `base`) in byte order. Names in a folder often share a long prefix
    /// (`libbench-0001.so`): each is keyed by its eight bytes after the prefix all share, and only
    /// names with the same key are compared whole (`memcmp` alone would compare the shared prefix every time).
    private static func sortedByBytes(_ names: [Range<Int>], in base: UnsafePointer<UInt8>) -> [Range<Int>] {
        guard let first = names.first else { return names }
        var common = first.count
        for name in names.dropFirst() {
            common = min(common, name.count)
            var index = 0
            while index < common, base[first.lowerBound + index] == base[name.lowerBound + index] { index += 1 }
            common = index
        }
        var keyed = names.map { name -> (key: UInt64, name: Range<Int>) in
            var key: UInt64 = 0
            for offset in 0..<8 {
                let index = common + offset
                key = key << 8 | UInt64(index < name.count ? base[name.lowerBound + index] : 0)  // no name holds a NUL
            }
            return (key, name)
        }
        keyed.sort { left, right in
            if left.key != right.key { return left.key < right.key }
            let order = memcmp(base + left.name.lowerBound, base + right.name.lowerBound, min(left.name.count, right.name.count))
            return order != 0 ? order < 0 : left.name.count < right.name.count
        }
        return keyed.map(\.name)
    }

    private static func isASCII(_ name: UnsafeRawBufferPointer) -> Bool {
        var any: UInt8 = 0
        for byte in name { any |= byte }
        return any < 0x80
    }

    /// The rule of ``pluginPaths(in:)`` on an ASCII name.
    private static func isCandidate(_ name: UnsafeRawBufferPointer, bundled: Bool) -> Bool {
        guard name.first != 0x2E, has(name, suffix: ".so") else { return false }
        return !bundled || (has(name, prefix: "lib") && has(name, suffix: "Plugin.so"))
    }

    private static func has(_ name: UnsafeRawBufferPointer, prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        return name.count >= count && (name.baseAddress.map { memcmp($0, prefix.utf8Start, count) == 0 } ?? (count == 0))
    }

    private static func has(_ name: UnsafeRawBufferPointer, suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        return name.count >= count && (name.baseAddress.map { memcmp($0 + (name.count - count), suffix.utf8Start, count) == 0 } ?? (count == 0))
    }
}

package struct FileIdentity: Hashable {
    package let device: UInt64
    package let inode: UInt64
}
