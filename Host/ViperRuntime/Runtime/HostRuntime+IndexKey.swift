import Foundation
import ViperCore
import ViperLoading

/// The kept graph's key at an isolated start whose candidates' results are records of the
/// descriptor cache's index (``CachedScan/Scanned/index``): the index's header digest stands for
/// every record's path, stamp and line, so the key hashes, per candidate, only which record it is
/// and whether it is bundled, not its path and line (hashing those is a noticeable share of a
/// warm start with many plugins).
///
/// Why it keys what the line-by-line key (`HostRuntime+GraphCache.swift`) keys: the header digest
/// covers every byte of the index but its own, so one digest means the same records, each a path,
/// a stamp and the exact line its result was read from; each candidate's result is its record's
/// (``CachedScan``'s invariant), so the candidates' paths, origins and lines in search order follow
/// from the digest and the list of (record, origin) hashed here. The rest of the key is the same.
extension HostRuntime {
    /// The key of this start's validation from `index`, or nil when a candidate has no record in it.
    /// `plugins` are the candidates in search order, each with its index into the files (where its
    /// record is looked for first).
    func graphKey(
        _ plugins: [(PluginFile, ScannedDescriptor, index: Int)], index: DescriptorCache, host: String,
        preferences: [String: ProviderChoice], contractsImage: String? = HostRuntime.contractsImage
    ) -> String? {
        guard let digest = index.indexDigest else { return nil }
        var keyed: [UInt32] = []
        keyed.reserveCapacity(plugins.count)
        for (file, _, near) in plugins {
            guard let record = index.record(of: file.path, near: near), record < Int(UInt32.max >> 1) else { return nil }
            keyed.append(UInt32(record) << 1 | (file.folder.origin.isBundled ? 1 : 0))
        }
        let stream = keyStream(host: host, preferences: preferences, contractsImage: contractsImage)
        stream.add("index")
        stream.add(digest)
        stream.add(Int64(plugins.count))
        keyed.withUnsafeBytes { stream.add($0) }
        return stream.finish()
    }
}
