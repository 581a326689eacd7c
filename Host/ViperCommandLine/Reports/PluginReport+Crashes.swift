import ViperRuntime
import ViperSupervision

/// The crash memory (``CrashMemory``) in `viper plugins --json` and `viper doctor --json`: each plugin that
/// crashed viper's worker carries a `crashes` object; one that never did has none (the other fields
/// are as they were).
extension PluginReport {
    /// A plugin's remembered crashes, as `crashes/memory.json` holds them.
    struct CrashesJSON: Encodable {
        /// Crashes of ``version`` (and its file's digest): a new version or file starts again at 1.
        let count: Int
        let version: String
        /// `SIGILL: fatal error: MESSAGE`, `exit(0)`, ...
        let lastCause: String
        /// `running command 'boom'`; absent when no plugin call was marked.
        let lastDoing: String?
        /// Whether viper does not load it for them, until its file changes or `viper plugins --enable NAME`.
        let heldOff: Bool
    }

    /// Each remembered plugin's crashes, by plugin name.
    static func crashes(_ runtime: HostRuntime) -> [String: CrashesJSON] {
        let memory = CrashMemory.read(data: runtime.dataFolder)
        let off = memory.turnedOff()
        return memory.plugins.reduce(into: [:]) { found, item in
            let entry = item.value
            found[item.key] = CrashesJSON(
                count: entry.count, version: entry.version, lastCause: entry.lastCause,
                lastDoing: entry.lastDoing, heldOff: off[item.key] != nil)
        }
    }
}
