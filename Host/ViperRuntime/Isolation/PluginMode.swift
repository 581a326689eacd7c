import Contracts
import ViperLoading

/// How a plugin runs, and why: in viper's process, isolated in a boxed process of its own
/// (``IsolatedPlugin``), or not at all. Decided by ``PluginModeRule`` alone.
package enum PluginMode: Equatable, Sendable {
    /// In viper's process, for the reason given.
    case inProcess(InProcessReason)
    /// In a boxed process of its own, for the reason given.
    case isolated(IsolationReason)
    /// Not loaded: it must run isolated and cannot. `line` says what it is, why, and the fix.
    case refused(line: String, reason: IsolationReason)

    package enum InProcessReason: Equatable, Sendable {
        /// Beside the `viper` executable: it came with viper.
        case bundled
        /// The person named its file or folder for this run (`--plugins`).
        case pluginsFlag
        /// The person named its file or folder for this run (`VIPER_PLUGIN_PATH`).
        case pluginPath
        /// The person trusts it by name (`viper plugins --trust NAME`, config.json's `trust`).
        case trusted
    }

    package enum IsolationReason: Equatable, Sendable {
        /// `--isolate NAME` for this run.
        case isolateFlag
        /// `viper plugins --isolate NAME` (config.json's `isolate`).
        case isolateConfig
        /// In the user folder (a drop-in, or `viper plugins install`) and not trusted.
        case notTrusted
    }

    package var isIsolated: Bool {
        if case .isolated = self { return true }
        return false
    }

    package var refusal: String? {
        if case .refused(let line, _) = self { return line }
        return nil
    }
}

/// The one rule that says how each plugin runs (``PluginMode``); the runtime's start, lazy
/// loading, live reload, `viper plugins`, `doctor` and `plugins install` all ask it.
///
/// 1. Named to run isolated (`--isolate NAME`, config.json's `isolate`): isolated, whatever its origin.
/// 2. Bundled, or pointed at for this run (`--plugins`, `VIPER_PLUGIN_PATH`: the person named that
///    file or folder): in process.
/// 3. Trusted by name (`viper plugins --trust NAME`, config.json's `trust`): in process.
/// 4. Anything else (the user folder: a drop-in, or `viper plugins install`): isolated by default.
///
/// A plugin that must run isolated and provides a service, an adapter or an interceptor, or uses
/// another plugin's service, cannot be isolated yet: it is refused with one line naming the fix.
package struct PluginModeRule: Sendable {
    /// `--isolate NAME` for this run.
    package var isolateFlag: Set<String> = []
    /// config.json's `isolate`.
    package var isolateConfig: Set<String> = []
    /// config.json's `trust`.
    package var trusted: Set<String> = []

    package init(isolateFlag: Set<String> = [], isolateConfig: Set<String> = [], trusted: Set<String> = []) {
        self.isolateFlag = isolateFlag
        self.isolateConfig = isolateConfig
        self.trusted = trusted
    }

    /// Every name the person isolated, by flag or config.
    package var isolated: Set<String> { isolateFlag.union(isolateConfig) }

    /// How the plugin `name` from a folder of `origin` runs. `descriptor` is read only when the
    /// plugin must run isolated (to see whether it can), so a warm start decodes none for the rest.
    package func mode(name: String, origin: PluginOrigin, descriptor: @autoclosure () -> PluginDescriptor?) -> PluginMode {
        let reason: PluginMode.IsolationReason
        if isolateFlag.contains(name) {
            reason = .isolateFlag
        } else if isolateConfig.contains(name) {
            reason = .isolateConfig
        } else {
            switch origin {
            case .bundled: return .inProcess(.bundled)
            case .flag: return .inProcess(.pluginsFlag)
            case .environment: return .inProcess(.pluginPath)
            case .user: break
            }
            if trusted.contains(name) { return .inProcess(.trusted) }
            reason = .notTrusted
        }
        guard let descriptor = descriptor(),
            let obstacle = IsolatedPlugin.obstacle(provides: descriptor.provides, requires: descriptor.requires)
        else { return .isolated(reason) }
        return .refused(line: Self.refusalLine(name: name, obstacle: obstacle, reason: reason), reason: reason)
    }

    /// The one line of a plugin that must run isolated and cannot: what it is, why, and the command that fixes it.
    static func refusalLine(name: String, obstacle: String, reason: PluginMode.IsolationReason) -> String {
        switch reason {
        case .notTrusted:
            return "plugin '\(name)' in the user plugin folder is not loaded: it \(obstacle), so it cannot run isolated, "
                + "and you have not trusted it to run in viper's process; if you trust it, run: viper plugins --trust \(name)"
        case .isolateFlag, .isolateConfig:
            return IsolatedPlugin.refusal(plugin: name, obstacle: obstacle)
        }
    }
}
