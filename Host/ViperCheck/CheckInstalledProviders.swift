import ConformanceKit
import Contracts
import ViperCore
import ViperLoading
import ViperRuntime

/// `requirements` as the person's own viper would judge it. The check's child sees the bundled
/// plugins and `--plugins` only (its data folder is a scratch one), so a provider installed in the
/// user folder or named in `VIPER_PLUGIN_PATH` is not among them. When the child finds a
/// requirement without a provider, the parent reads the person's plugin folders as `viper doctor`
/// does (descriptors from the sandboxed scan; no plugin is loaded in this process), with the
/// checked file named first, so it stands in for an installed copy of itself.
enum CheckInstalledProviders {
    /// A passing `requirements` naming the installed providers, when the person's viper would
    /// keep the plugin at `path` (named `name`) with every requirement provided; a failing one
    /// naming the installed provider viper would not load, and why, when that is what disables it;
    /// nil otherwise (the child's line stands).
    static func requirements(path: String, name: String, environment: [String: String]) -> CheckResult? {
        var options = RuntimeOptions(environment: environment, executableDirectory: Paths.executableDirectory())
        options.pluginFlags = [path]
        options.echoLevel = nil
        let runtime = HostRuntime(options: options)
        guard (try? runtime.start()) != nil else { return nil }
        let own = Paths.realPath(path) ?? path
        guard let checked = runtime.records.first(where: { (Paths.realPath($0.path) ?? $0.path) == own }), let descriptor = checked.descriptor
        else { return nil }
        if runtime.problems.contains(where: { $0.plugin == name && $0.kind == .missingProvider }) {
            guard let reason = checked.reason, reason.contains("provides it but") else { return nil }
            return CheckResult(
                check: "requirements", subject: "plugin", passed: false,
                reason: "with the plugins viper finds for you, viper would disable it: \(reason)")
        }
        guard checked.status != .disabled else { return nil }
        let required = Set(descriptor.requires.map(\.contract))
        let providers = runtime.records.filter { record in
            record.origin != .flag && record.origin != .bundled && record.status != .disabled
                && (record.descriptor?.provides.contains { required.contains($0.contract) } ?? false)
        }
        guard !providers.isEmpty else { return nil }
        let named = providers.map { "\($0.name ?? Paths.lastComponent($0.path)) (\($0.path))" }.joined(separator: ", ")
        return CheckResult(
            check: "requirements", subject: "plugin", passed: true,
            reason: "\(required.count) required contract(s), each provided with the plugins viper finds for you; installed: \(named)")
    }
}
