import Contracts
import Foundation

/// The registry cache (GStreamer's): scan results keyed by each file's stamp, kept
/// in `plugin-cache` in the data folder, so start-up does not load every plugin.
/// A missing, corrupt or foreign cache is rebuilt, never fatal.
///
/// The file is a header line (`viper-plugin-cache`, the format, the host identity)
/// and one ``RecordCodec`` line per plugin file.
package struct DescriptorCache {
    package static let fileName = "plugin-cache"
    static let formatVersion = 4
    static let magic = "viper-plugin-cache"

    var format = DescriptorCache.formatVersion
    /// The host's Contracts version and viper build when the cache was written: a new host rescans everything.
    var host: String
    var entries: [String: ScanResult] = [:]

    init(host: String) {
        self.host = host
    }

    /// Identifies this host build: Contracts ABI plus the executable's own stamp.
    package static func hostIdentity(executable: String) -> String {
        let stamp = FileStamp.read(executable)
        return "contracts \(ContractsVersion.current); viper \(stamp?.size ?? 0)/\(stamp?.modifiedNanoseconds ?? 0)"
    }

    /// Reads the cache; returns an empty one (and a note why) when it is missing, unreadable or from another host.
    package static func load(folder: String, host: String) -> (cache: DescriptorCache, note: String?) {
        accept(read(folder: folder), host: host)
    }

    /// The cache file as read and parsed, before its host is checked: start-up reads it once,
    /// early, to know which files are unchanged plugins (see ``isUnchangedPlugin(_:info:)``).
    package struct Read {
        /// Nil when the file is missing, unreadable or of another format.
        var cache: DescriptorCache?
        /// Why the file was not usable, when it exists.
        var note: String?
    }

    package static func read(folder: String) -> Read {
        let path = Paths.join(folder, fileName)
        guard let data = FileManager.default.contents(atPath: path) else { return Read() }
        guard let cache = parse(data), cache.format == formatVersion else {
            return Read(note: "\(path): the plugin cache is unreadable or from another version; rebuilding it")
        }
        return Read(cache: cache)
    }

    /// `read`'s cache when it was written by `host`; else an empty one (and the note why).
    static func accept(_ read: Read, host: String) -> (cache: DescriptorCache, note: String?) {
        guard let cache = read.cache, cache.host == host else { return (DescriptorCache(host: host), read.note) }
        return (cache, nil)
    }

    /// Whether the file at `path`, as `info` shows it now, is one this cache scanned as a plugin and
    /// that has not changed since (same stamp): then it need not be read to tell it from a contract
    /// library. Whatever host wrote the cache: what a file is does not depend on the host.
    func isUnchangedPlugin(_ path: String, info: stat) -> Bool {
        result(for: FileStamp(path: path, info: info)) != nil
    }

    /// Reads the cache's text; nil when any line is malformed (the whole cache is then rebuilt).
    package static func parse(_ data: Data) -> DescriptorCache? {
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (position, byte) in bytes.enumerated() where byte == 0x0A {
            if position > start { lines.append(bytes[start..<position]) }
            start = position + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        guard let header = lines.first else { return nil }
        var reader = RecordCodec.Reader(bytes: header)
        guard (try? reader.text()) == magic, let format: Int = try? reader.integer(),
              let host = try? reader.text(), reader.isAtEnd else { return nil }
        var cache = DescriptorCache(host: host)
        cache.format = format
        cache.entries.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            guard let result = try? RecordCodec.decode(bytes: line) else { return nil }
            cache.entries[result.stamp.path] = result
        }
        return cache
    }

    /// The cache's text.
    func serialized() -> String {
        var header = RecordCodec.Writer()
        header.add(Self.magic)
        header.add(format)
        header.add(host)
        var lines = [header.line]
        for path in entries.keys.sorted() {
            if let result = entries[path] { lines.append(RecordCodec.encode(result)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The cached result for a file, if its stamp is unchanged.
    func result(for stamp: FileStamp) -> ScanResult? {
        guard let entry = entries[stamp.path], entry.stamp == stamp else { return nil }
        return entry
    }

    /// Writes the cache atomically (temporary file, then rename), so a crash never leaves half a cache.
    func save(folder: String) throws {
        let data = Data(Array(serialized().utf8))
        let path = Paths.join(folder, Self.fileName)
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw HostError("cannot write the plugin cache \(temporary); check the data folder's permissions")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw HostError("cannot replace the plugin cache \(path): \(String(cString: strerror(errno)))")
        }
    }
}
