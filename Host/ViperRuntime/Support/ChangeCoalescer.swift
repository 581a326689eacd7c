/// The timing rule of ``FileWatcher``, apart from inotify and from the clock: paths are noted
/// as they are touched, at a time the caller gives, and are released in batches once quiet.
///
/// Every touch restarts the path's quiet period; a file still open for writing waits
/// `writeSilence` more. The pending paths are released together when all of them are quiet
/// (one batch per build); when touches keep coming for longer than `longestBatch`, the paths
/// that are quiet go ahead alone. Being a value with the time passed in, the rule is tested
/// with exact times instead of waits.
struct ChangeCoalescer {
    /// How long a path must stay untouched before it is released (seconds).
    let quietPeriod: Double
    /// How much longer a file written to but not yet closed may stay silent.
    let writeSilence: Double
    /// Touches that keep coming do not hold back the quiet paths longer than this (seconds).
    let longestBatch: Double

    /// Each touched path: when it was last touched, and whether it is open for writing.
    private(set) var pending: [String: (last: Double, writing: Bool)] = [:]
    /// When the first of the pending paths was touched.
    private var batchStart = 0.0

    init(quietPeriod: Double, writeSilence: Double, longestBatch: Double = 3) {
        self.quietPeriod = quietPeriod
        self.writeSilence = writeSilence
        self.longestBatch = longestBatch
    }

    /// Notes a touch of `path` at `now`; `writing` nil keeps what the path's last touch said.
    mutating func touch(_ path: String, writing: Bool?, at now: Double) {
        if pending.isEmpty { batchStart = now }
        let previous = pending[path]?.writing ?? false
        pending[path] = (now, writing ?? previous)
    }

    /// When `settle` may next release something; nil when nothing is pending.
    var nextDue: Double? {
        guard let latest = pending.values.map(deadline).max() else { return nil }
        return min(latest, batchStart + longestBatch)
    }

    /// Releases the paths that may go at `now` (see the type's rule), unsorted; empty when none.
    mutating func settle(at now: Double) -> [String] {
        guard !pending.isEmpty else { return [] }
        let quiet = pending.filter { now >= deadline($0.value) }.map(\.key)
        guard quiet.count == pending.count || (now >= batchStart + longestBatch && !quiet.isEmpty) else { return [] }
        for path in quiet { pending[path] = nil }
        batchStart = now
        return quiet
    }

    /// When `entry` may be released: its quiet period after its last touch (longer while it is written).
    private func deadline(_ entry: (last: Double, writing: Bool)) -> Double {
        entry.last + quietPeriod + (entry.writing ? writeSilence : 0)
    }
}
