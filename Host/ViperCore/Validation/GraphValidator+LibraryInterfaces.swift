import Contracts

/// A contract library that changed without a new version: a provider and a consumer of its
/// contracts built against one version of it but with different interfaces
/// (``ContractLibraryVersion/interface``, the digest the library's API gate records). The consumer
/// may call a requirement the provider's witness table does not have, and that call crashes the
/// process; so both are disabled before anything of them is built, each with one line that names
/// the other and the library. A plugin that records no interface (built against a library without
/// a gate, or before Contracts 1.5) is never compared. `viper check` applies the same rule
/// (``interfaceConflict(consumer:provider:)``) between the plugin it checks and the others.
extension GraphValidator {
    func disableMismatchedInterfaces(_ outcome: inout Outcome) {
        guard nodes.contains(where: { $0.descriptor.contractLibraries.contains { $0.interface != nil } }) else { return }
        for consumer in nodes {
            for provider in nodes where provider.name != consumer.name {
                guard
                    let conflict = Self.interfaceConflict(
                        consumer: (consumer.name, consumer.descriptor),
                        provider: (provider.name, provider.descriptor))
                else { continue }
                disable(consumer, kind: .libraryInterface, contract: conflict.contract.name, reason: conflict.reason, &outcome)
                disable(provider, kind: .libraryInterface, contract: conflict.contract.name, reason: conflict.reason, &outcome)
            }
        }
    }

    /// Why `consumer`, which requires a contract of a contract library that `provider` provides,
    /// cannot be used with it: both were built against one version of the library with different
    /// interfaces. Nil when they are no such pair, agree, or either records no interface.
    package static func interfaceConflict(
        consumer: (name: String, descriptor: PluginDescriptor),
        provider: (name: String, descriptor: PluginDescriptor)
    ) -> (contract: ContractID, reason: String)? {
        for wanted in consumer.descriptor.contractLibraries {
            guard let theirs = wanted.interface,
                let built = provider.descriptor.contractLibraries.first(where: { $0.name == wanted.name && $0.version == wanted.version }),
                let mine = built.interface, mine != theirs
            else { continue }
            let prefix = wanted.name + "."
            let needed = Set(consumer.descriptor.provides.flatMap(\.requires).map(\.contract).filter { $0.name.hasPrefix(prefix) })
            guard let contract = provider.descriptor.provides.first(where: { needed.contains($0.contract) })?.contract else { continue }
            let reason =
                "'\(consumer.name)' and '\(provider.name)' were built against different interfaces of the contract library \(wanted) "
                + "(\(theirs.prefix(12)) and \(mine.prefix(12))), so '\(consumer.name)' could call a requirement of \(contract.shortName) "
                + "that '\(provider.name)' does not implement; \(wanted.name) changed without a new version: raise its minor for an addition "
                + "with a default (its major for anything else), cut its API baseline, and rebuild both plugins against it"
            return (contract, reason)
        }
        return nil
    }
}
