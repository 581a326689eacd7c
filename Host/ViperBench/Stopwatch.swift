import Foundation

/// Wall-clock timing for benchmarks (monotonic clock).
enum Stopwatch {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }

    /// The median of `runs` timings of `body`, in seconds (the median resists a noisy neighbour on a shared machine).
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) { times.append(try seconds(body)) }
        times.sort()
        return times[times.count / 2]
    }

    /// Times `measured` and `baseline` in turn, `pairs` times each (A B A B ...), and returns the
    /// median of each and the median of the ratios taken pair by pair. Pairing keeps the ratio
    /// meaningful when the machine's speed drifts during the run: timing every baseline run
    /// first and every measured run after lets a neighbour's load land on one side only.
    static func paired(pairs: Int, measured: () throws -> Void, baseline: () throws -> Void) rethrows
        -> (measured: Double, baseline: Double, ratio: Double)
    {
        var rounds = RoundRatios()
        for _ in 0..<max(1, pairs) {
            let base = try seconds(baseline), time = try seconds(measured)
            rounds.add(measured: time, baseline: base)
        }
        return (median(of: rounds.measured), median(of: rounds.baseline), rounds.medianOfRatios)
    }

    static func median(of values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// Keeps the optimizer from deleting benchmark loops.
///
/// It adds the object's address to `sink`: one addition, so the loop and its baseline share
/// almost nothing but the work being measured. (Anything heavier, such as `hashValue` and
/// Swift's seeded hasher, would weigh on both loops and make every ratio look smaller.)
///
/// `@unchecked Sendable`: only the benchmark's one thread writes `sink`, and nothing reads
/// it; it exists to be written.
final class BlackHole: @unchecked Sendable {
    static let shared = BlackHole()
    var sink = 0

    func consume(_ object: AnyObject) {
        sink &+= Int(bitPattern: ObjectIdentifier(object))
    }
}
