import ConformanceKit
import Contracts
import Foundation
import ViperCore
import ViperLoading
import ViperRuntime

/// The providers a checked plugin has in the person's own plugin folders. The check's child
/// searches the bundled plugins and `--plugins` only (its data folder is a scratch one), so the
/// parent first reads the person's plugin folders as `viper doctor` does (descriptors from the
/// sandboxed scan; no plugin is loaded in this process), with the checked file named first so it
/// stands in for an installed copy of itself, and gives the child the installed providers of
/// what the plugin requires as `--plugins`. A provider viper would not load (a service provider
/// the person has not trusted, say) is not given: the child's `requirements` then fails, and the
/// parent puts doctor's line, which names it and the fix, in its place.
struct CheckInstalledProviders {
    /// The installed providers given to the child: name and file.
    let providers: [(name: String, path: String)]
    /// Why the person's viper would disable the checked plugin, when that names a provider it
    /// found but would not load.
    let heldBack: String?

    /// The person's plugin folders read for the plugin at `path`; nil when they cannot be read
    /// (the child's lines then stand alone). `given`: the `--plugins` of the check, not given twice.
    static func look(path: String, given: [String], environment: [String: String]) -> CheckInstalledProviders? {
        // Nothing installed, nothing to read: the person's folders are not scanned for nothing.
        guard hasInstalledPlugins(besides: path, environment: environment) else { return nil }
        var options = RuntimeOptions(environment: environment, executableDirectory: Paths.executableDirectory())
        options.pluginFlags = [path]
        options.echoLevel = nil
        let runtime = HostRuntime(options: options)
        guard (try? runtime.start()) != nil else { return nil }
        let own = Paths.realPath(path) ?? path
        guard let checked = runtime.records.first(where: { (Paths.realPath($0.path) ?? $0.path) == own }), let descriptor = checked.descriptor
        else { return nil }
        let name = descriptor.manifest.name
        let required = Set(descriptor.requires.map(\.contract))
        let flagged = given.map { Paths.realPath($0) ?? $0 }
        let providers = runtime.records.compactMap { record -> (name: String, path: String)? in
            guard record.origin != .flag, record.origin != .bundled, record.status != .disabled, let found = record.name, found != name,
                record.descriptor?.provides.contains(where: { required.contains($0.contract) }) ?? false
            else { return nil }
            let real = Paths.realPath(record.path) ?? record.path
            guard !flagged.contains(where: { real == $0 || real.hasPrefix($0 + "/") }) else { return nil }
            return (found, record.path)
        }
        let missing = runtime.problems.contains { $0.plugin == name && $0.kind == .missingProvider }
        let heldBack = missing ? checked.reason.flatMap { $0.contains("provides it but") ? $0 : nil } : nil
        return CheckInstalledProviders(providers: providers, heldBack: heldBack)
    }

    /// Whether the user folder or a `VIPER_PLUGIN_PATH` folder holds a `.so` other than `path`.
    private static func hasInstalledPlugins(besides path: String, environment: [String: String]) -> Bool {
        let own = Paths.realPath(path) ?? path
        let folders =
            [Paths.join(Paths.xdgDataHome(environment), "viper/plugins")]
            + (environment["VIPER_PLUGIN_PATH"]?.split(separator: ":").map(String.init) ?? [])
        return folders.contains { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.contains { $0.hasSuffix(".so") && (Paths.realPath(Paths.join(folder, $0)) ?? Paths.join(folder, $0)) != own }
        }
    }

    /// `checks` with the child's `requirements` told about the installed providers: a pass names
    /// them, a failure that doctor explains by a provider viper would not load gets doctor's line.
    func telling(_ checks: [CheckResult]) -> [CheckResult] {
        checks.map { result in
            if !result.passed, let heldBack, let reason = result.reason, reason.contains("which no loaded plugin provides") {
                // A module that asks for the held-back provider's service: the general advice
                // (install one, ask doctor) gives way to what is true here.
                let cause = reason.range(of: "; install a plugin that provides it").map { String(reason[..<$0.lowerBound]) } ?? reason
                return CheckResult(
                    check: result.check, subject: result.subject, passed: false,
                    reason: cause + "; with the plugins viper finds for you: \(heldBack)")
            }
            guard result.check == "requirements", result.subject == "plugin" else { return result }
            if !result.passed, let heldBack {
                return CheckResult(
                    check: "requirements", subject: "plugin", passed: false,
                    reason: "with the plugins viper finds for you, viper would disable it: \(heldBack)")
            }
            guard result.passed, !providers.isEmpty else { return result }
            let named = providers.map { "\($0.name) (\($0.path))" }.joined(separator: ", ")
            return CheckResult(
                check: "requirements", subject: "plugin", passed: true,
                reason: (result.reason.map { $0 + "; " } ?? "") + "installed providers from your plugin folders: \(named)")
        }
    }
}
