import ViperCore

extension SlowStart {
    /// The warnings of `runtime`'s start, just ended: its slow loads, and a slow start against the
    /// history in its data folder, which it then adds to (`record`: false for a start that is not
    /// a usual one, such as `--rescan`, or a worker restarted after a crash).
    package static func check(_ runtime: HostRuntime, record: Bool) -> [String] {
        let profile = runtime.registry.profile
        var lines = profile.takeSlowLoads().map(loadLine)
        var names: [String: String] = [:]
        for path in profile.scanSeconds.keys { names[path] = path }
        for record in runtime.records where names[record.path] != nil { names[record.path] = record.displayName }
        let scans = profile.scanSeconds
        for (path, own) in profile.scanOwnSeconds.sorted(by: { $0.value > $1.value }) where own > PluginProfile.slowLoad {
            lines.append(scanLine(plugin: names[path] ?? path, seconds: scans[path] ?? own, own: own))
        }
        guard record, let seconds = profile.startupSeconds else { return lines }
        let history = StartHistory.read(data: runtime.dataFolder)
        if let line = startLine(seconds: seconds, history: history, shares: shares(profile, names: names)) {
            lines.append(line)
        }
        if runtime.dataWriteProblem == nil {
            if let problem = StartHistory.append(seconds, to: history, data: runtime.dataFolder) {
                runtime.logger?.log(.warning, problem, source: "profile")
            }
        }
        return lines
    }
}
