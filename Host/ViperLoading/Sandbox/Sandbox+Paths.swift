import Foundation
import ViperELF

extension Sandbox {
    /// The system's folders a Swift program and its libraries read at start and while loading
    /// (its libraries, the dynamic linker's cache, locale and time-zone data, the CPU and
    /// cgroup files Foundation reads for the processor count) and this process's own /proc folder.
    static let systemFolders = [
        "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc", "/opt",
        "/sys/devices/system/cpu", "/sys/fs/cgroup", "/proc/self", "/proc/meminfo", "/proc/cpuinfo", "/proc/stat",
        "/dev/urandom", "/dev/random",
    ]

    /// A sandbox for a child of this process that loads the plugins in `pluginFolders` and
    /// writes only in `writable`: the system's folders, this program's folder, the folders of
    /// every file mapped now (the Swift runtime wherever the toolchain lives, libContracts) and
    /// of `LD_LIBRARY_PATH`.
    package static func forPlugins(
        in pluginFolders: [String], writable: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Sandbox {
        var folders = systemFolders + [Paths.executableDirectory()] + mappedFolders()
        folders += (environment["LD_LIBRARY_PATH"] ?? "").split(separator: ":").map(String.init)
        folders += pluginFolders
        var seen = Set<String>()
        return Sandbox(readable: folders.filter { !$0.isEmpty && seen.insert($0).inserted }, writable: writable)
    }

    /// The absolute folders of the run paths (`DT_RUNPATH`, `DT_RPATH`) of the plugin files
    /// `paths`, each once: where the dynamic loader finds the libraries a plugin needs that are
    /// not beside it (a plugin's `$ORIGIN` names /proc/self/fd when viper loads it, so entries
    /// with a `$` are passed over). Reads each file's dynamic segment (``ELFRunPaths``) before the box closes.
    static func runPathFolders(of paths: [String]) -> [String] {
        var folders: [String] = []
        var seen = Set<String>()
        for path in paths {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            for folder in ELFRunPaths.read(descriptor, size: UInt64(status.st_size))
            where folder.utf8.first == UInt8(ascii: "/") && !folder.utf8.contains(UInt8(ascii: "$")) && seen.insert(folder).inserted {
                folders.append(folder)
            }
        }
        return folders
    }

    /// The folders of the files this process has mapped (from /proc/self/maps), each once.
    /// Read as bytes: searching the lines as Characters costs each scanner more than reading
    /// its first hundred plugins' run paths.
    static func mappedFolders() -> [String] {
        guard let text = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        let deleted = Array(" (deleted)".utf8)
        var folders: [String] = []
        var seen = Set<String>()
        var last: Substring.UTF8View.SubSequence?
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let slash = line.firstIndex(of: UInt8(ascii: "/")), !line.reversed().starts(with: deleted.reversed()) else { continue }
            let path = line[slash...]
            guard let end = path.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let folder = path[..<end]
            // A library's mappings are consecutive lines: compare bytes before making a String.
            if folder.isEmpty || last.map({ $0.elementsEqual(folder) }) == true { continue }
            last = folder
            let name = String(decoding: folder, as: UTF8.self)
            if seen.insert(name).inserted { folders.append(name) }
        }
        return folders
    }
}

extension Sandbox {
    /// The sandbox of `viper check`'s child for the plugin at `path`: its folder (also the real
    /// one, when it is a link), the `--plugins` folders, and the run paths of the plugin and of
    /// the files directly in those folders; writing only in `writable`.
    package static func forCheck(
        of path: String, pluginFlags: [String], writable: String,
        environment: [String: String]
    ) -> Sandbox {
        let flags = pluginFlags.map(Paths.absolute)
        var files = [path]
        for folder in flags {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            files += names.filter { $0.hasSuffix(".so") }.map { Paths.join(folder, $0) }
        }
        let folders = [Paths.parent(path), Paths.parent(Paths.realPath(path) ?? path)] + flags + runPathFolders(of: files)
        return forPlugins(in: folders, writable: writable, environment: environment)
    }
}
