import Contracts
import Foundation

/// The registry cache (GStreamer's): scan results keyed by each file's stamp, kept
/// in `plugin-cache.json` in the data folder, so start-up does not load every plugin.
/// A missing, corrupt or foreign cache is rebuilt, never fatal.
struct DescriptorCache: Codable {
    static let fileName = "plugin-cache.json"
    static let formatVersion = 2

    var format = DescriptorCache.formatVersion
    /// The host's Contracts version and viper build when the cache was written: a new host rescans everything.
    var host: String
    var entries: [String: ScanResult] = [:]

    init(host: String) {
        self.host = host
    }

    /// Identifies this host build: Contracts ABI plus the executable's own stamp.
    static func hostIdentity(executable: String) -> String {
        let stamp = FileStamp.read(executable)
        return "contracts \(ContractsVersion.current); viper \(stamp?.size ?? 0)/\(stamp?.modifiedNanoseconds ?? 0)"
    }

    /// Reads the cache; returns an empty one (and a note why) when it is missing, unreadable or from another host.
    static func load(folder: String, host: String) -> (cache: DescriptorCache, note: String?) {
        let path = Paths.join(folder, fileName)
        guard let data = FileManager.default.contents(atPath: path) else {
            return (DescriptorCache(host: host), nil)
        }
        guard let cache = try? JSONDecoder().decode(DescriptorCache.self, from: data), cache.format == formatVersion else {
            return (DescriptorCache(host: host), "\(path): the plugin cache is unreadable or from another version; rebuilding it")
        }
        guard cache.host == host else {
            return (DescriptorCache(host: host), nil)
        }
        return (cache, nil)
    }

    /// The cached result for a file, if its stamp is unchanged.
    func result(for stamp: FileStamp) -> ScanResult? {
        guard let entry = entries[stamp.path], entry.stamp == stamp else { return nil }
        return entry
    }

    /// Writes the cache atomically (temporary file, then rename), so a crash never leaves half a cache.
    func save(folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(self)
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
