import Foundation
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

    /// What `open` adds to "no route matches": each refused file and each misplaced plugin, or nil
    /// when there is none. `owned` is true when one of those files is named like the path's first
    /// part (`libChoresPlugin.so` for `chores`): the shell then leads with the note, not with a
    /// route of another plugin the matcher found near the path.
    package static func missingRouteNote(_ runtime: HostRuntime, path: String) -> (note: String, owned: Bool)? {
        let refused = refusedFiles(runtime).map {
            ($0.path, "viper refused \($0.path), so the routes it may declare are unknown (\($0.reason ?? "it did not load"))")
        }
        let misplaced = PluginPlacement.nearMisses(runtime).map { ($0.path, "\($0.path) is a plugin viper does not load (\($0.advice))") }
        let notes = refused + misplaced
        guard !notes.isEmpty else { return nil }
        let first = path.split(separator: "/").first.map { $0.lowercased() } ?? ""
        let owners = notes.filter { !first.isEmpty && pluginName(ofFile: $0.0) == first }
        // The file that likely declares the route first, alone; the rest stay with doctor.
        let said = owners.isEmpty ? notes.map(\.1) : owners.map(\.1)
        return (printable(said.joined(separator: "; ") + "; type 'doctor' for every problem"), !owners.isEmpty)
    }

    /// The plugin a file is named for, lowercased: `libChoresPlugin.so` → `chores`.
    static func pluginName(ofFile path: String) -> String {
        var name = Substring((path as NSString).lastPathComponent)
        if name.hasPrefix("lib") { name = name.dropFirst(3) }
        for suffix in [".so", "Plugin"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        return name.lowercased()
    }

    /// The near-miss lines `viper plugins` and an interactive shell's start print (doctor's own lines).
    package static func misplacedLines(_ runtime: HostRuntime) -> [String] {
        PluginPlacement.lines(PluginPlacement.nearMisses(runtime)).map(printable)
    }
}
