import ViperCore
import ViperLoading

/// A reload names a refused provider as start-up does (``RefusedProviders``): a provider refused
/// for lacking a requirement of a changed contract library (its own line says which) is named in
/// the line of each consumer disabled because "no plugin provides" its contract, so one line names
/// the consumer, the refused provider, the library and the fix, whichever of the two files viper
/// saw first. Runs under `state`, as every reload step does.
///
/// Invariant: a consumer's problem line, its record's reason and the reason `open` gives for its
/// routes are told about the refused provider together, never one without the others.
extension HostRuntime {
    /// How the refusal of a version that would disable another plugin begins.
    static let wouldDisable = "it would disable "

    /// Start-up's line for a plugin that validation disables (`PATH: plugin 'NAME' is disabled:
    /// REASON`), for the refusal `error` of the reloaded `name` at `path`; nil when the refusal is
    /// about another plugin (``wouldDisable``).
    static func disabledLine(_ error: PluginLoadError, name: String, path: String) -> String? {
        error.message.hasPrefix(wouldDisable) ? nil : "\(path): plugin '\(name)' is disabled: \(error.message)"
    }

    /// Tells each consumer disabled for want of a provider that is now known to be refused (a
    /// reload just refused it, or refused the consumer after start-up refused the provider) about
    /// that provider: its problem line, with start-up's line as a notice, and its record.
    func nameRefusedProviders(into report: inout ReloadReport) {
        let refused = RefusedProviders(problemList)
        guard !refused.isEmpty else { return }
        for index in problemList.indices {
            let problem = problemList[index]
            let told = refused.naming(anyIn: problem.message)
            guard told != problem.message else { continue }
            problemList[index] = Problem(kind: problem.kind, plugin: problem.plugin, contract: problem.contract, message: told)
            report.notices.append(told)
        }
        for position in recordList.indices where recordList[position].status == .disabled {
            guard let reason = recordList[position].reason else { continue }
            let told = refused.naming(anyIn: reason)
            guard told != reason else { continue }
            recordList[position].reason = told
            retell(recordList[position], reason: told)
        }
    }

    /// The reason `open` gives for the routes of a plugin that validation disabled, told again.
    private func retell(_ record: PluginRecord, reason: String) {
        guard let plugin = record.name, let descriptor = record.descriptor else { return }
        registry.withdraw(plugin: plugin)  // a disabled plugin registered nothing but these reasons
        noteDisabled(descriptor, plugin: plugin, reason: reason)
    }
}
