import Foundation

/// Small path helpers over POSIX calls.
package enum Paths {
    package static func join(_ base: String, _ component: String) -> String {
        base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// `path` made absolute against the current directory, with `~` expanded.
    package static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return (expanded as NSString).standardizingPath }
        return (join(FileManager.default.currentDirectoryPath, expanded) as NSString).standardizingPath
    }

    package static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    package static func xdgDataHome(_ environment: [String: String]) -> String {
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") { return value }
        return join(home(environment), ".local/share")
    }

    /// The folder of the running executable (from /proc/self/exe).
    package static func executableDirectory() -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (absolute(exe) as NSString).deletingLastPathComponent
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The last component of `path`, as `NSString.lastPathComponent` gives it (`/a/b/` → `b`,
    /// `/` → `/`), without bridging: start-up asks this for every plugin file.
    package static func lastComponent(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        guard end > 0 else { return "" }
        if end == 1, bytes[0] == slash { return "/" }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `path` without its last component, as `NSString.deletingLastPathComponent` gives it
    /// (`/a/b` → `/a`, `/a` → `/`, `a` → ``), without bridging: start-up asks this for every
    /// plugin file, and bridging is a noticeable share of a cold start.
    package static func parent(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        while end > 0, bytes[end - 1] != slash { end -= 1 }
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        guard end > 0 else { return "" }
        return String(decoding: bytes[0..<end], as: UTF8.self)
    }

    private static let slash = UInt8(ascii: "/")
}
