import ViperCore

/// The slow-start warnings: one line when a plugin took more than ``PluginProfile/slowLoad`` of
/// its own time to load, and one when a start took more than ``factor`` times the median of the
/// last starts (``StartHistory``), naming the plugins whose own time this start explains it.
///
/// The rule is made so that a shared, busy machine cannot trip it (no warning in 21 alternated
/// runs of the same start: `SlowStartWarningTests`):
/// - a start is slow only when it is both ``factor`` times the median and at least ``floor``
///   seconds above it, and only when there is a history of ``minimumHistory`` starts;
/// - it is told only when plugins explain at least half of the excess with their own measured
///   time this start (their scan share and the loads start-up made, each at least
///   ``pluginFloor``): a start made slow by the machine, or by viper itself, names nobody and is
///   not told (no plugin is blamed for what it did not take);
/// - a load's time is its own: less what its thread waited for a CPU (``PluginProfile/Load/ownSeconds``).
package enum SlowStart {
    package static let factor = 1.5
    /// Seconds a slow start must take beyond the median at least.
    package static let floor = 0.1
    /// Seconds of a plugin's own time this start before it is named.
    package static let pluginFloor = 0.05
    package static let minimumHistory = 3

    /// One plugin's own time this start, and what it went on.
    package struct Share: Equatable, Sendable {
        package let plugin: String
        package let seconds: Double
        package let what: String

        package init(plugin: String, seconds: Double, what: String) {
            self.plugin = plugin
            self.seconds = seconds
            self.what = what
        }
    }

    /// The warning for a start of `seconds` after starts of `history` (oldest first), with
    /// `shares` of plugins' own time, or nil when the rule above does not call it slow.
    package static func startLine(seconds: Double, history: [Double], shares: [Share]) -> String? {
        guard history.count >= minimumHistory else { return nil }
        let median = Self.median(Array(history.suffix(StartHistory.kept)))
        let excess = seconds - median
        guard median > 0, seconds > factor * median, excess >= floor else { return nil }
        var named: [Share] = []
        var explained = 0.0
        for share in shares.filter({ $0.seconds >= pluginFloor }).sorted(by: { $0.seconds > $1.seconds }) {
            named.append(share)
            explained += share.seconds
            if explained >= excess / 2, named.count >= 3 { break }
        }
        guard explained >= excess / 2 else { return nil }
        let times = String(format: "%.1f", seconds / median)
        let who = named.map { "plugin '\($0.plugin)' \(ms($0.seconds)) (\($0.what))" }.joined(separator: ", ")
        return "this start took \(ms(seconds)), \(times)× the median of the last \(min(history.count, StartHistory.kept)) "
            + "(\(ms(median))): \(who); 'viper plugins --profile' shows what each plugin costs"
    }

    /// The warning for a slow load.
    package static func loadLine(_ load: PluginProfile.Load) -> String {
        var parts = ["its entry point \(ms(load.entry))", "checks and dlopen \(ms(load.opening))"]
        if load.registration >= 0.001 { parts.append("registration \(ms(load.registration))") }
        if let own = load.ownSeconds, own < load.seconds * 0.9 { parts.append("\(ms(own)) of it its own") }
        return "plugin '\(load.plugin)' took \(ms(load.seconds)) to load (\(parts.joined(separator: ", "))), "
            + "asked by \(load.cause); 'viper plugins --profile' shows what each plugin costs"
    }

    /// The warning for a plugin this start scanned whose load in the scanner (`dlopen` and its entry
    /// point, as viper's own load will run them) took `own` seconds of its own time.
    package static func scanLine(plugin: String, seconds: Double, own: Double) -> String {
        let ownPart = own < seconds * 0.9 ? ", \(ms(own)) of it its own" : ""
        return "plugin '\(plugin)' took \(ms(seconds)) to load in the scanner\(ownPart) (new or changed, so this start scanned it: "
            + "its dlopen and entry point); 'viper plugins --profile' shows what each plugin costs"
    }

    /// The plugins' own time this start in `profile`: each scanned file's share (named by
    /// `names`, path to plugin name) and each load start-up made.
    package static func shares(_ profile: PluginProfile, names: [String: String]) -> [Share] {
        var shares: [Share] = []
        let own = profile.scanOwnSeconds
        for (path, seconds) in profile.scanSeconds {
            shares.append(Share(plugin: names[path] ?? path, seconds: own[path] ?? seconds, what: "scanned: new or changed"))
        }
        for load in profile.allLoads.values where load.duringStart {
            shares.append(Share(plugin: load.plugin, seconds: load.chargedSeconds, what: "loading"))
        }
        return shares
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private static func ms(_ seconds: Double) -> String {
        seconds >= 0.01 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.1f ms", seconds * 1000)
    }
}
