import ViperRuntime

/// The runtime's reload engine is what the shell's plugin watcher drives (docs/ARCHITECTURE.md, "Live plugins").
extension HostRuntime: PluginReloading {
    package func reloadPlugins(changed paths: [String]) -> (notices: [String], retry: [String]) {
        let report = reload(changed: paths)
        return (report.notices, report.retry)
    }
}
