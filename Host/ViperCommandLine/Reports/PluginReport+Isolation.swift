import Contracts
import ViperLoading
import ViperRuntime

/// The mode each plugin runs in, and why (``PluginModeRule``), for `viper plugins`, `viper doctor`
/// and `viper plugins install`: in viper's process, isolated in a boxed process of its own
/// (``IsolatedPlugin``), or refused.
extension PluginReport {
    /// `mode` in `--json`: how it runs (`inProcess`, `isolated`, `refused`), the reason as a word, and the line the text report shows.
    struct ModeJSON: Encodable {
        let runs: String
        let why: String
        let text: String
    }

    /// The `mode:` line of a plugin in `viper plugins`.
    static func modeLine(_ record: PluginRecord, _ runtime: HostRuntime) -> [String] {
        guard let name = record.name, let mode = runtime.mode(of: record) else { return [] }
        return ["  mode:      \(modeText(mode, name: name, runtime))"]
    }

    /// How the plugin `name` runs and why, in words (the text after `mode:`).
    static func modeText(_ mode: PluginMode, name: String, _ runtime: HostRuntime) -> String {
        switch mode {
        case .inProcess(.bundled): return "in process (bundled with viper)"
        case .inProcess(.pluginsFlag): return "in process (named with --plugins for this run)"
        case .inProcess(.pluginPath): return "in process (named in VIPER_PLUGIN_PATH)"
        case .inProcess(.trusted): return "in process (trusted by you; 'viper plugins --untrust \(name)' takes that back)"
        case .isolated(let reason):
            let network = runtime.networkNames.contains(name) ? "network allowed" : "no network"
            let box = "a boxed process of its own; writes only \(IsolatedPlugin.privateFolder(dataFolder: runtime.dataFolder, plugin: name)); \(network)"
            switch reason {
            case .isolateFlag: return "isolated (named with --isolate; \(box))"
            case .isolateConfig: return "isolated (named in \"isolate\" in config.json; \(box))"
            case .notTrusted: return "isolated by default: not trusted (\(box)); 'viper plugins --trust \(name)' runs it in process"
            }
        case .refused(_, .notTrusted):
            return "refused: not trusted, and it cannot run isolated (see disabled: below); 'viper plugins --trust \(name)' runs it in process"
        case .refused:
            return "refused: named to run isolated, and it cannot (see disabled: below); 'viper plugins --no-isolate \(name)' lets the default rule decide"
        }
    }

    static func modeJSON(_ record: PluginRecord, _ runtime: HostRuntime) -> ModeJSON? {
        guard let name = record.name, let mode = runtime.mode(of: record) else { return nil }
        let (runs, why): (String, String)
        switch mode {
        case .inProcess(.bundled): (runs, why) = ("inProcess", "bundled")
        case .inProcess(.pluginsFlag): (runs, why) = ("inProcess", "pluginsFlag")
        case .inProcess(.pluginPath): (runs, why) = ("inProcess", "pluginPath")
        case .inProcess(.trusted): (runs, why) = ("inProcess", "trusted")
        case .isolated(.isolateFlag): (runs, why) = ("isolated", "isolateFlag")
        case .isolated(.isolateConfig): (runs, why) = ("isolated", "isolateConfig")
        case .isolated(.notTrusted): (runs, why) = ("isolated", "notTrusted")
        case .refused: (runs, why) = ("refused", "cannotBeIsolated")
        }
        return ModeJSON(runs: runs, why: why, text: modeText(mode, name: name, runtime))
    }

    /// `viper doctor`'s lines on isolation: each plugin that runs isolated (by name or by default), a
    /// plugin named to run isolated that cannot, and an `isolate` or `trust` name that matches no plugin.
    /// A plugin refused by default is a problem of its own (above these lines).
    static func isolationLines(_ runtime: HostRuntime) -> [String] {
        var lines: [String] = []
        let records = runtime.records
        // A plugin refused after its scan still has the name it declared.
        let named = records.compactMap { $0.name ?? $0.descriptor?.manifest.name }
        let unread = records.filter { $0.name == nil && $0.descriptor == nil }.count
        for record in records {
            guard let name = record.name, let mode = runtime.mode(of: record) else { continue }
            switch mode {
            case .isolated(let reason):
                let network = runtime.networkNames.contains(name) ? ", with the network allowed" : ""
                let why = reason == .notTrusted ? " (by default: not trusted; 'viper plugins --trust \(name)' runs it in process)" : ""
                lines.append("isolated: \(name) runs in a boxed process of its own\(network)\(why)")
            case .refused(let line, let reason) where reason != .notTrusted:
                lines.append("isolate: \(line)")
            default: continue
            }
        }
        for name in runtime.isolatedNames.sorted() where !named.contains(name) {
            lines.append("isolate: " + notFound(name, unread: unread))
        }
        for name in runtime.modeRule.trusted.sorted() where !named.contains(name) {
            lines.append("trust: " + notFound(name, unread: unread))
        }
        return lines
    }

    /// Why a chosen name matches no plugin: a typo, unless some plugin files could not be read at
    /// all (their names unknown), when it may be one of them and those come first.
    private static func notFound(_ name: String, unread: Int) -> String {
        guard unread > 0 else { return "no plugin named '\(name)' was found; check the name in 'viper plugins'" }
        return "no plugin viper could read is named '\(name)', but \(unread) plugin file(s) above could not be loaded, "
            + "so their names are unknown and it may be one of them: fix those first, then check the name in 'viper plugins'"
    }

    /// How each plugin just installed at `installed` will run, one line each (`plugins install`):
    /// a quiet start finds them as the next viper will. A file that is not a plugin (a contract library) says nothing.
    static func modeLines(installed: [String], context: CommandContext) -> [String] {
        var options = context.globals.runtimeOptions(environment: context.environment, executableDirectory: Paths.executableDirectory())
        options.echoLevel = nil
        let runtime = HostRuntime(options: options)
        guard (try? runtime.start()) != nil else { return [] }
        return runtime.records.compactMap { record in
            guard installed.contains(record.path), let name = record.name, let mode = runtime.mode(of: record) else { return nil }
            if let refusal = mode.refusal { return printable(refusal) }
            return printable("\(name) runs \(modeText(mode, name: name, runtime))")
        }
    }
}
