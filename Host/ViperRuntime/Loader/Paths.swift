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

    static func home(_ environment: [String: String]) -> String {
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

    package static func lastComponent(_ path: String) -> String {
        (path as NSString).lastPathComponent
    }

    package static func parent(_ path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}
