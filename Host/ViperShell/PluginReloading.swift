import Foundation
import ViperLoading
import ViperRuntime

/// What the shell needs to take plugin files that changed while it runs. The runtime's reload
/// engine conforms (`HostRuntime+PluginReloading.swift`); the shell knows only this.
package protocol PluginReloading: AnyObject {
    /// Scans `paths` (plugin files that appeared, changed or went) as start-up would and applies
    /// what is valid; returns one notice line per plugin it acted on (empty: nothing changed), and
    /// the files still being written, of which nothing was used: the shell gives them again a
    /// little later. Called on the shell's thread, between commands.
    func reloadPlugins(changed paths: [String]) -> (notices: [String], retry: [String])
}

/// A reloader that loads nothing and says which files changed: what the shell uses when
/// `VIPER_RELOAD_PROBE=1` is set, so the tests of watching and of the notice above the prompt
/// (`Tests/Fixtures/Live/notice_session.py`) do not depend on what a real reload prints.
/// Only tests set it.
final class ProbeReloader: PluginReloading {
    static let variable = "VIPER_RELOAD_PROBE"

    /// `VIPER_RELOAD_PROBE_HEARD=1` turns on ``heard``, with the probe or the real reloader.
    static let heardVariable = "VIPER_RELOAD_PROBE_HEARD"

    /// Writes `probe: heard N` to standard error when the watcher has `waiting` changes ready:
    /// the event a test waits for before it sends the line that should see them.
    static let heard: @Sendable (Int) -> Void = { waiting in
        FileHandle.standardError.write(Data("probe: heard \(waiting)\n".utf8))
    }

    func reloadPlugins(changed paths: [String]) -> (notices: [String], retry: [String]) {
        let notices = paths.map { path in
            "probe: \(Paths.lastComponent(path)) \(FileManager.default.fileExists(atPath: path) ? "changed" : "removed")"
        }
        return (notices, [])
    }
}
