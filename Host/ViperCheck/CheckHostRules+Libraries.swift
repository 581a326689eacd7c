import ConformanceKit
import Contracts
import ViperCore
import ViperLoading
import ViperRuntime

/// `library-interfaces` (a plugin that lists contract libraries): the plugin and each other plugin it provides to or uses through a contract
/// library were built against the same interface of each version they share
/// (``GraphValidator/interfaceConflict(consumer:provider:)``, the rule start-up applies), so a
/// library changed without a new version is named here instead of crashing the shell later.
extension CheckHostRules {
    func interfaceResult(_ descriptor: PluginDescriptor) -> CheckResult {
        let mine = (name: descriptor.manifest.name, descriptor: descriptor)
        for other in others {
            let theirs = (name: other.name, descriptor: other.descriptor)
            if let conflict = GraphValidator.interfaceConflict(consumer: mine, provider: theirs)
                ?? GraphValidator.interfaceConflict(consumer: theirs, provider: mine)
            {
                return CheckResult(
                    check: "library-interfaces", subject: "plugin", passed: false,
                    reason: "\(conflict.reason) (\(other.path))")
            }
        }
        let recorded = descriptor.contractLibraries.filter { $0.interface != nil }.map(\.description)
        let unrecorded = descriptor.contractLibraries.filter { $0.interface == nil }.map(\.description)
        let notes = recorded + unrecorded.map { "\($0) (records no interface: give the library an API gate, 'viper new --contract-library')" }
        return CheckResult(check: "library-interfaces", subject: "plugin", passed: true, reason: notes.joined(separator: ", "))
    }
}
