import Contracts
import Foundation

/// One search of the index per file at a warm start: start-up finds each file's record once, when
/// it tells plugins from contract libraries (``noteUnchanged(_:)``), and the cache's triage and the
/// kept graph's key take the record from there, not from a search of the path per file and per
/// step.
///
/// Invariants:
/// - A record noted for a file is the one whose path is the file's and whose stamp is the one
///   discovery's look saw; ``result(record:stamp:)`` checks the stamp again, so a record of
///   another index or another look answers nil (then the caller searches), never a wrong result.
/// - Only an index's records are noted: a cache whose entries changed notes none.
extension DescriptorCache {
    /// Notes in `discovery.infos` the record of each file this cache holds unchanged (same path and
    /// stamp): the file is one this cache scanned as a plugin (see ``isUnchangedPlugin(_:info:near:)``).
    package func noteUnchanged(_ discovery: inout PluginDiscovery.Result) {
        guard let index = indexed else { return }
        for position in discovery.files.indices where position < discovery.infos.count {
            guard let info = discovery.infos[position]?.info else { continue }
            let path = discovery.files[position].path
            guard let record = index.position(of: path, near: position),
                index.stampMatches(record, FileStamp(path: path, info: info))
            else { continue }
            discovery.infos[position]?.cacheRecord = record
        }
    }

    /// The cached result of record `record` when its stamp is `stamp` (the caller found the record
    /// by `stamp`'s path in this cache's index), else nil.
    package func result(record: Int, stamp: FileStamp) -> ScanResult? {
        guard let index = indexed, record >= 0, record < index.count, index.stampMatches(record, stamp) else { return nil }
        return index.result(record, stamp: stamp)
    }
}
