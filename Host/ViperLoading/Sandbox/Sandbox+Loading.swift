import Foundation
import ViperELF

extension Sandbox {
    /// What loading the plugin files `paths` reads beyond their own folders: the absolute run
    /// paths of each (``ELFRunPaths``; a `$ORIGIN` entry names /proc/self/fd when viper loads a
    /// plugin, so entries with a `$` are passed over) and, for a file that is a link, the folder
    /// of the file it leads to; each once, in order.
    ///
    /// The scanner asks this for every file of its batch before its box closes, so each costs one
    /// `open` without following a link, one `fstat` and three small reads: only a link costs a
    /// `realpath` and a second `open`. (A `realpath` of every file and a read of its section
    /// headers and dynamic string table were most of what the box cost a cold start.)
    ///
    /// With `kept`, a plain file (not reached through a link) stays open there for the loader
    /// (``PreopenedFiles``), up to its limit, instead of being closed.
    static func loadingFolders(of paths: [String], keeping kept: PreopenedFiles? = nil) -> [String] {
        var folders: [String] = []
        var seen = Set<String>()
        let reader = ELFRunPathReader()
        // The last few run path folders found, as bytes: plugins built alike share them, and
        // comparing bytes first spares each plugin a String and its hash (``ELFRunPathReader``).
        var recent: [[UInt8]] = []
        for path in paths {
            var descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
            var linked = false
            if descriptor < 0, errno == ELOOP || errno == EMLINK, let real = Paths.realPath(path) {
                let folder = Paths.parent(real)
                if seen.insert(folder).inserted { folders.append(folder) }
                descriptor = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                linked = true
            }
            guard descriptor >= 0 else { continue }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                close(descriptor)
                continue
            }
            reader.forEachRunPath(descriptor, size: UInt64(status.st_size)) { bytes in
                guard bytes.first == UInt8(ascii: "/"), bytes.offset(of: UInt8(ascii: "$")) == nil,
                    !recent.contains(where: { $0.withUnsafeBytes { $0.sameBytes(as: bytes) } })
                else { return }
                if recent.count == 8 { recent.removeFirst() }
                recent.append(Array(bytes))
                let folder = String(decoding: bytes, as: UTF8.self)
                if seen.insert(folder).inserted { folders.append(folder) }
            }
            if linked || kept?.keep(descriptor, path: path, status: status) != true { close(descriptor) }
        }
        return folders
    }
}
