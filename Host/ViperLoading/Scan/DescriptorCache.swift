import Contracts
import Foundation

/// The registry cache (GStreamer's): scan results keyed by each file's stamp, kept
/// in `plugin-cache` in the data folder, so start-up does not load every plugin.
/// A missing, corrupt or foreign cache is rebuilt, never fatal.
///
/// The file is a binary index (``DescriptorIndex``): fixed-size records checked by a digest in
/// its header, each pointing at its plugin's ``RecordCodec`` line. A warm start compares stamps
/// in the records and makes a result only for the files it asks about; nothing is decoded.
package struct DescriptorCache {
    package static let fileName = "plugin-cache"
    /// 7: the binary index (``DescriptorIndex``), each record's byte after its outcome zero; 6 was
    /// that index with a flags byte there (a plugin that may intercept), which a reader of 6 would take
    /// from a 7 as "declares no interceptor"; 5 the index without it, 4 a text file of lines. Another
    /// format is stale: rebuilt by a rescan, not a warning.
    package static let formatVersion = 7

    package var format = DescriptorCache.formatVersion
    /// The host's Contracts version and viper build when the cache was written: a new host rescans everything.
    package var host: String
    /// The entries by path (made from ``sorted`` when read; setting it sorts them).
    package var entries: [String: ScanResult] {
        get { Dictionary(all.map { ($0.stamp.path, $0) }, uniquingKeysWith: { _, last in last }) }
        set {
            sorted = newValue.values.sorted { $0.stamp.path < $1.stamp.path }
            index = nil
        }
    }
    /// The entries in the order of their paths, each path once: start-up asks for them in file
    /// order, so the entry is nearly always at the place it asks first, and no path is hashed.
    /// Empty while ``index`` holds them.
    private var sorted: [ScanResult] = []
    /// The file the entries were read from, until they are changed: its records are read in place.
    private var index: DescriptorIndex?

    /// Every entry, in the order of their paths.
    private var all: [ScanResult] {
        guard let index else { return sorted }
        return (0..<index.count).compactMap { index.result($0) }
    }

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
        switch DescriptorIndex.read(bytes) {
        case .success(let index): return Read(cache: DescriptorCache(index))
        case .failure(.otherFormat): return Read()  // another version's file is stale, not damaged: rebuilt without a warning
        case .failure(.damaged(let why)): return Read(note: "\(path): the plugin cache is unreadable (\(why)); rebuilding it")
        }
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
        if let index {
            return index.position(of: path, near: near).map { index.stampMatches($0, FileStamp(path: path, info: info)) } ?? false
        }
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

    /// A cache of the entries of `index`, read in place.
    private init(_ index: DescriptorIndex) {
        self.init(host: index.host)
        format = index.format
        self.index = index
    }

    /// Reads a cache file's bytes; nil when they are not a whole index of this format.
    package static func parse(_ data: Data) -> DescriptorCache? {
        parse(bytes: [UInt8](data))
    }

    /// Reads a cache file's bytes (``DescriptorIndex/read(_:)``): the records are checked, no line is decoded.
    package static func parse(bytes: [UInt8]) -> DescriptorCache? {
        guard case .success(let index) = DescriptorIndex.read(bytes) else { return nil }
        return DescriptorCache(index)
    }

    /// The cache's bytes: the file as read when nothing changed, else a new index of the entries.
    package func serializedBytes() -> [UInt8] {
        if let index, index.host == host { return index.bytes }
        return DescriptorIndex.write(host: host, results: all)
    }

    /// How many files the cache has an entry for.
    package var count: Int { index?.count ?? sorted.count }

    /// The digest in the header of the index the entries are read from, or nil once they changed
    /// (then they are no index's): it covers every record's path, stamp and line.
    package var indexDigest: String? { index?.headerDigest }

    /// Where the record of `path` is in the index the entries are read from (nil once they changed).
    package func record(of path: String, near: Int) -> Int? {
        index?.position(of: path, near: near)
    }

    /// The stamp the entry for `path` was cached with, or nil when there is none.
    package func stamp(at path: String, near: Int = 0) -> FileStamp? {
        if let index { return index.position(of: path, near: near).map { index.stamp($0, path: path) } }
        return position(of: path, near: near).map { sorted[$0].stamp }
    }

    /// Saves the cache (as ``save(folder:)``) and reads its entries back from the bytes written, so they
    /// are an index's again and ``indexDigest`` describes them; the bytes are kept when writing fails.
    package mutating func saveIndexed(folder: String) throws {
        let bytes = serializedBytes()
        if let written = Self.parse(bytes: bytes) { self = written }
        try RebuildableFile.replace(Paths.join(folder, Self.fileName), with: bytes, what: "the plugin cache")
    }

    /// The entry for the file at `path`, whatever its stamp.
    package func entry(at path: String, near: Int = 0) -> ScanResult? {
        if let index {
            return index.position(of: path, near: near).flatMap { index.result($0, stamp: index.stamp($0, path: path)) }
        }
        return position(of: path, near: near).map { sorted[$0] }
    }

    /// The cached result for a file, if its stamp is unchanged.
    package func result(for stamp: FileStamp, near: Int = 0) -> ScanResult? {
        if let index {
            guard let record = index.position(of: stamp.path, near: near), index.stampMatches(record, stamp) else { return nil }
            return index.result(record, stamp: stamp)
        }
        guard let index = position(of: stamp.path, near: near), sorted[index].stamp == stamp else { return nil }
        return sorted[index]
    }

    /// Writes the cache atomically (``RebuildableFile``): a crash never leaves half a cache, and one a power cut
    /// empties or tears is refused whole when read and rebuilt.
    package func save(folder: String) throws {
        try RebuildableFile.replace(Paths.join(folder, Self.fileName), with: serializedBytes(), what: "the plugin cache")
    }
}
