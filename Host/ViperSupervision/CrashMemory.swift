import Foundation
import ViperLoading

/// What viper remembers of plugins that crashed its worker, as GStreamer remembers a
/// plugin that crashed its registry scan: per plugin, the version and file digest that crashed,
/// how many times, and the last cause and call. A plugin that crashed ``limit`` times in one
/// version and digest is not loaded until its file changes or the person enables it again
/// (`viper plugins --enable NAME`). Kept in `crashes/memory.json` in the data folder.
///
/// Invariants:
/// - A crash of another version or digest than the one remembered starts the count again.
/// - A file that cannot be read or parsed is an empty memory (a crash record is never worth
///   refusing to start over); writes replace the file whole.
package struct CrashMemory: Codable, Equatable {
    /// Crashes of one version and digest after which the plugin stays off.
    package static let limit = 3

    package struct Entry: Codable, Equatable {
        package var version: String
        package var sha256: String?
        package var path: String
        package var count: Int
        package var lastCause: String
        package var lastDoing: String?
        package var lastTime: Double
    }

    package var plugins: [String: Entry] = [:]

    package init() {}

    package static func path(data: String) -> String { Paths.join(data, "crashes/memory.json") }

    package static func read(data: String) -> CrashMemory {
        guard let bytes = DataFolderGuard.regularFileBytes(path(data: data), limit: 4 << 20),
            let memory = try? JSONDecoder().decode(CrashMemory.self, from: Data(bytes))
        else { return CrashMemory() }
        return memory
    }

    package func write(data: String) throws {
        try FileManager.default.createDirectory(atPath: Paths.join(data, "crashes"), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let path = Self.path(data: data)
        if let failure = DataFolderGuard.replace(path, temporary: path + ".tmp", with: Array(try encoder.encode(self)), what: "the crash memory") {
            throw failure
        }
    }

    /// Counts a crash of `plugin` `version` from the file at `path`.
    package mutating func record(
        plugin: String, version: String, path: String, cause: String, doing: String?,
        at time: Double = Date().timeIntervalSince1970
    ) {
        let digest = Self.digest(path)
        var entry = plugins[plugin]
        if entry == nil || entry?.version != version || entry?.sha256 != digest {
            entry = Entry(version: version, sha256: digest, path: path, count: 0, lastCause: cause, lastDoing: doing, lastTime: time)
        }
        entry?.count += 1
        entry?.lastCause = cause
        entry?.lastDoing = doing
        entry?.lastTime = time
        plugins[plugin] = entry
    }

    /// Plugins that stay off, with the reason: those at the limit whose file is still the one that crashed.
    package func turnedOff() -> [String: String] {
        var off: [String: String] = [:]
        for (name, entry) in plugins where entry.count >= Self.limit && Self.digest(entry.path) == entry.sha256 {
            off[name] =
                "it crashed viper \(entry.count) times (version \(entry.version), last: \(entry.lastCause)"
                + "\(entry.lastDoing.map { " while \($0)" } ?? "")); it loads again when its file changes, or after "
                + "'viper plugins --enable \(name)'"
        }
        return off
    }

    /// One line per remembered plugin, for `viper plugins` and `viper doctor`.
    package func lines() -> [String] {
        plugins.keys.sorted().compactMap { name in
            guard let entry = plugins[name] else { return nil }
            let off = entry.count >= Self.limit ? "; not loaded until its file changes or 'viper plugins --enable \(name)'" : ""
            return "  \(name) \(entry.version): \(entry.count) crash\(entry.count == 1 ? "" : "es"), last \(entry.lastCause)"
                + "\(entry.lastDoing.map { " while \($0)" } ?? "")\(off)"
        }
    }

    /// The SHA-256 of the file at `path`, or nil when it cannot be read.
    static func digest(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return SHA256.hex(ofFile: descriptor)
    }
}
