import Foundation

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
    package static func forPlugins(in pluginFolders: [String], writable: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> Sandbox {
        var folders = systemFolders + [Paths.executableDirectory()] + mappedFolders()
        folders += (environment["LD_LIBRARY_PATH"] ?? "").split(separator: ":").map(String.init)
        folders += pluginFolders
        var seen = Set<String>()
        return Sandbox(readable: folders.filter { !$0.isEmpty && seen.insert($0).inserted }, writable: writable)
    }

    /// The folders of the files this process has mapped (from /proc/self/maps), each once.
    static func mappedFolders() -> [String] {
        guard let text = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var folders: [String] = []
        var seen = Set<Substring>()
        for line in text.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/"), !line.hasSuffix(" (deleted)") else { continue }
            let path = line[slash...]
            guard let last = path.lastIndex(of: "/") else { continue }
            let folder = path[..<last]
            if !folder.isEmpty, seen.insert(folder).inserted { folders.append(String(folder)) }
        }
        return folders
    }
}
