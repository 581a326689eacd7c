/// `VIPER_SCANNERS=N`, a bench and diagnostics knob: the scan at start-up runs exactly `N`
/// scanners at once over its files (contiguous batches, as ``PluginScanner/batches(_:cores:limit:pinned:)``
/// splits them) and starts no other when one finishes first (``PluginScanner``'s balance, which
/// the machine's load decides). `viper-bench --sandbox` pins both sides of its row with it, so a
/// boxed and an unboxed start run the same number of scanners. A plugin that hangs still hands the
/// files after it to a new scanner, as without the setting.
///
/// Invariant: unset or empty leaves the choice to viper; any other value is a whole number from 1
/// to ``PluginScanner/maximumWorkers``, or the runtime's start refuses it (``PinnedScannersError``)
/// before it makes the data folder, opens the log or scans anything.
extension PluginScanner {
    /// The environment variable that pins the scanner count.
    package static let pinnedScannersVariable = "VIPER_SCANNERS"

    /// The scanner count `value` (the variable's value) pins, or nil when it is unset or empty.
    package static func pinnedScanners(_ value: String?) throws(PinnedScannersError) -> Int? {
        guard let value, !value.isEmpty else { return nil }
        guard let count = Int(value), (1...maximumWorkers).contains(count) else {
            throw PinnedScannersError(value: value)
        }
        return count
    }

    /// `files` in exactly `count` contiguous batches (fewer only when there are fewer files), whose
    /// sizes differ by one at most: a pinned count must start that many scanners, which rounding
    /// every batch up would not (5 files in batches of 2 are 3).
    package static func pinnedBatches(_ files: [PluginFile], count: Int) -> [[PluginFile]] {
        let count = max(1, min(count, files.count))
        return (0..<count).map { Array(files[files.count * $0 / count..<files.count * ($0 + 1) / count]) }
    }

    /// The scanner count `environment` pins; nil for a bad value (start-up refuses it first).
    package static func pinnedScanners(environment: [String: String]) -> Int? {
        (try? pinnedScanners(environment[pinnedScannersVariable])) ?? nil
    }
}

/// A `VIPER_SCANNERS` value that is not a scanner count.
package struct PinnedScannersError: Error, Equatable, CustomStringConvertible {
    /// The value as set.
    package let value: String

    package var description: String {
        "\(PluginScanner.pinnedScannersVariable)=\(value) is not a number of scanners; "
            + "use a whole number from 1 to \(PluginScanner.maximumWorkers) (the scanners a cold start runs at once, "
            + "to measure), or unset it to let viper choose"
    }
}

/// How many scanners one scan started, counted by ``PluginScanner`` when it is given one; the
/// start-up's log line and `viper-bench --sandbox` read it.
package final class ScannerTally {
    /// Scanners started so far, the ones a hand-off or the balance added included.
    package internal(set) var started = 0
    /// Seconds each file took to scan, as its scanner reported it (``ScanWorker/seconds``), by path.
    package internal(set) var seconds: [String: Double] = [:]
    /// The same less the time each scanner waited for a CPU meanwhile (``ScanWorker/ownSeconds``).
    package internal(set) var ownSeconds: [String: Double] = [:]

    package init() {}
}
