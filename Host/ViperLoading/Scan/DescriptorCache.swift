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
    package static let formatVersion = 4
    package static let magic = "viper-plugin-cache"

    package var format = DescriptorCache.formatVersion
    /// The host's Contracts version and viper build when the cache was written: a new host rescans everything.
    package var host: String
    /// The entries by path (made from ``sorted`` when read; setting it sorts them).
    package var entries: [String: ScanResult] {
        get { Dictionary(sorted.map { ($0.stamp.path, $0) }, uniquingKeysWith: { _, last in last }) }
        set { sorted = newValue.values.sorted { $0.stamp.path < $1.stamp.path } }
    }
    /// The entries in the order of their paths, each path once: start-up asks for them in file
    /// order, so the entry is nearly always at the place it asks first, and no path is hashed.
    private var sorted: [ScanResult] = []

    package init(host: String) {
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
        package var cache: DescriptorCache?
        /// Why the file was not usable, when it exists.
        package var note: String?
    }

    package static func read(folder: String) -> Read {
        let path = Paths.join(folder, fileName)
        guard let bytes = readFile(path) else { return Read() }
        guard let cache = parse(bytes: bytes), cache.format == formatVersion else {
            return Read(note: "\(path): the plugin cache is unreadable or from another version; rebuilding it")
        }
        return Read(cache: cache)
    }

    /// The bytes of the file at `path` (one `open`, `fstat` and `read`), or nil when it cannot be read.
    /// The buffer has one byte more than `fstat` says, so the read that finds the end needs no room
    /// made (growing it copied the whole cache), and it is not zeroed first.
    package static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(0, Int(info.st_size)) + 1) { buffer, initialized in
            initialized = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer), failed: &failed)
        }
        guard !failed else { return nil }
        if bytes.count > Int(info.st_size) {  // it grew since fstat: read the rest
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { readAll(descriptor, into: $0, failed: &failed) }
                guard !failed else { return nil }
                bytes += chunk[..<count]
                if count < chunk.count { break }
            }
        }
        return bytes
    }

    /// Reads into `buffer` until it is full or the file ends; how many bytes were read.
    private static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, failed: inout Bool) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let count = Foundation.read(descriptor, base + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                failed = true
                return filled
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// `read`'s cache when it was written by `host`; else an empty one (and the note why).
    package static func accept(_ read: Read, host: String) -> (cache: DescriptorCache, note: String?) {
        guard let cache = read.cache, cache.host == host else { return (DescriptorCache(host: host), read.note) }
        return (cache, nil)
    }

    /// Whether the file at `path`, as `info` shows it now, is one this cache scanned as a plugin and
    /// that has not changed since (same stamp): then it need not be read to tell it from a contract
    /// library. Whatever host wrote the cache: what a file is does not depend on the host.
    /// `near` is where to look first (the file's place in the search order).
    package func isUnchangedPlugin(_ path: String, info: stat, near: Int = 0) -> Bool {
        guard let index = position(of: path, near: near) else { return false }
        return sorted[index].stamp == FileStamp(path: path, info: info)
    }

    /// Where the entry for `path` is in ``sorted``: at `near` (or just after it), else by a binary search.
    private func position(of path: String, near: Int) -> Int? {
        if near >= 0, near < sorted.count, sorted[near].stamp.path == path { return near }
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            let other = sorted[middle].stamp.path
            if other == path { return middle }
            if other < path { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Reads the cache's text; nil when any line is malformed (the whole cache is then rebuilt).
    package static func parse(_ data: Data) -> DescriptorCache? {
        parse(bytes: [UInt8](data))
    }

    /// Reads the cache's bytes: every line is checked whole, but a descriptor is only decoded
    /// when something asks for it (see ``ScannedDescriptor``); the lines keep pointing into `bytes`.
    package static func parse(bytes: [UInt8]) -> DescriptorCache? {
        bytes.withUnsafeBufferPointer { buffer -> DescriptorCache? in
            guard let base = buffer.baseAddress, isUTF8(buffer) else { return nil }
            let count = buffer.count
            func lineEnd(from start: Int) -> Int {
                memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
            }
            var start = 0
            while start < count, base[start] == 0x0A { start += 1 }  // empty lines are skipped
            guard start < count else { return nil }
            let headerEnd = lineEnd(from: start)
            var header = RecordCodec.Reader(bytes: bytes[start..<headerEnd])
            guard (try? header.text()) == magic, let format: Int = try? header.integer(),
                  let host = try? header.text(), header.isAtEnd else { return nil }
            var cache = DescriptorCache(host: host)
            cache.format = format
            cache.sorted.reserveCapacity(count / 128)
            var inOrder = true
            start = headerEnd + 1
            while start < count {
                let end = lineEnd(from: start)
                if end > start {
                    guard let result = RecordCodec.decodeCached(UnsafeBufferPointer(start: base + start, count: end - start),
                                                                storage: bytes, range: start..<end) else { return nil }
                    if inOrder, let last = cache.sorted.last, !(last.stamp.path < result.stamp.path) { inOrder = false }
                    cache.sorted.append(result)
                }
                start = end + 1
            }
            if !inOrder {
                // Not written by this host (it writes each path once, in order): the last line of a path wins.
                cache.entries = cache.entries
            }
            return cache
        }
    }

    /// Whether `bytes` are UTF-8: ASCII is checked eight bytes at a time, anything else by `String`.
    private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var any: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            any |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            any |= UInt64(bytes[index])
            index += 1
        }
        return any & 0x8080_8080_8080_8080 == 0 || String(validating: bytes, as: UTF8.self) != nil
    }

    /// The cache's text.
    package func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The cache's bytes: the header, then each entry's line (as read, when it was read) by path.
    package func serializedBytes() -> [UInt8] {
        var header = RecordCodec.Writer()
        header.add(Self.magic)
        header.add(format)
        header.add(host)
        var bytes = Array(header.line.utf8)
        bytes.append(0x0A)
        for result in sorted {
            RecordCodec.append(result, to: &bytes)
        }
        return bytes
    }

    /// How many files the cache has an entry for.
    package var count: Int { sorted.count }

    /// The entry for the file at `path`, whatever its stamp.
    package func entry(at path: String, near: Int = 0) -> ScanResult? {
        position(of: path, near: near).map { sorted[$0] }
    }

    /// The cached result for a file, if its stamp is unchanged.
    package func result(for stamp: FileStamp, near: Int = 0) -> ScanResult? {
        guard let index = position(of: stamp.path, near: near), sorted[index].stamp == stamp else { return nil }
        return sorted[index]
    }

    /// Writes the cache atomically (``RebuildableFile``): a crash never leaves half a cache, and one a power cut
    /// empties or tears is refused whole when read and rebuilt.
    package func save(folder: String) throws {
        try RebuildableFile.replace(Paths.join(folder, Self.fileName), with: serializedBytes(), what: "the plugin cache")
    }
}
