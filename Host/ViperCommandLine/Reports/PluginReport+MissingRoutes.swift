import ViperLoading
import ViperRuntime

/// Why a route a person expects may be missing, said where they meet it (`open` finds no route,
/// `viper plugins`, an interactive shell's start) instead of only in `viper doctor`: plugin files
/// viper refused before they declared anything (so their routes are unknown), and plugin files
/// just outside the searched folders (``PluginPlacement``'s near misses).
extension PluginReport {
    /// The plugin files viper found but refused before reading what they declare, each with why.
    static func refusedFiles(_ runtime: HostRuntime) -> [PluginRecord] {
        runtime.records.filter { ($0.status == .broken || $0.status == .disabled) && $0.descriptor == nil }
    }

    /// What `open` adds to "no route matches": each refused file and each misplaced plugin, or nil when there is none.
    package static func missingRouteNote(_ runtime: HostRuntime) -> String? {
        let refused = refusedFiles(runtime).map { record in
            "viper refused \(record.path), so the routes it may declare are unknown (\(record.reason ?? "it did not load"))"
        }
        let misplaced = PluginPlacement.nearMisses(runtime).map { "\($0.path) is a plugin viper does not load (\($0.advice))" }
        let notes = refused + misplaced
        return notes.isEmpty ? nil : printable(notes.joined(separator: "; ") + "; type 'doctor' for every problem")
    }

    /// The near-miss lines `viper plugins` and an interactive shell's start print (doctor's own lines).
    package static func misplacedLines(_ runtime: HostRuntime) -> [String] {
        PluginPlacement.lines(PluginPlacement.nearMisses(runtime)).map(printable)
    }
}
