import ConformanceKit
import Contracts
import ViperCore
import ViperLoading
import ViperRuntime

/// `requirements`: every contract the plugin requires (a service its factories resolve, a module
/// it routes to) has a provider among the plugins the check found (the bundled ones and
/// `--plugins`), judged by the rule start-up and `viper doctor` apply (``GraphValidator``),
/// so a consumer whose provider is missing fails here instead of being disabled later, and
/// a contract of the plugin's own library that it forgot to register gets doctor's sentence
/// ("register it in its register(in:)") rather than "install a plugin that provides it", and one
/// whose provider was refused (built against an older contract library) names it, with doctor's sentence.
extension CheckHostRules {
    func providersResult(_ descriptor: PluginDescriptor) -> CheckResult {
        let name = descriptor.manifest.name
        let mine = GraphValidator.Node(name: name, path: path, descriptor: descriptor)
        let theirs = others.filter { $0.name != name }.map {
            GraphValidator.Node(name: $0.name, path: $0.path, descriptor: $0.descriptor, isBundled: $0.isBundled)
        }
        let outcome = RefusedProviders(providerProblems).naming(GraphValidator(nodes: theirs + [mine], hostProvides: HostRuntime.hostProvisions).validate())
        let missing = outcome.problems.contains { $0.kind == .missingProvider && $0.plugin == name }
        guard missing, let reason = outcome.disabled[name] else {
            let count = Set(descriptor.provides.flatMap(\.requires).map { GraphValidator.describe($0) }).count
            return CheckResult(check: "requirements", subject: "plugin", passed: true, reason: "\(count) required contract(s), each provided")
        }
        // The check sees the bundled plugins and --plugins only: an installed provider is not among them.
        let hint =
            reason.hasSuffix("install a plugin that provides it")
            ? reason + " (if one is installed already, give it to 'viper check' with --plugins PATH)" : reason
        return CheckResult(
            check: "requirements", subject: "plugin", passed: false,
            reason: "with the bundled plugins and those given with --plugins, viper would disable it: \(hint)")
    }
}
