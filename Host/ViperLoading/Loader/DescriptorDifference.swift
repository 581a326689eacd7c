import Contracts

/// How what a plugin registered when loaded in viper differs from what its scan
/// (in a child process, at start-up) recorded. Validation judged the scan; a plugin
/// that registers something else in the host (a second `NoteStore`, say, only when
/// it is not being scanned) would bypass it, so any difference refuses the plugin.
package enum DescriptorDifference {
    /// One phrase saying what differs (to follow "it"), or nil when both register the same.
    package static func between(scanned: PluginDescriptor, loaded: PluginDescriptor) -> String? {
        if scanned.manifest != loaded.manifest {
            return "calls itself '\(loaded.manifest.name)' \(loaded.manifest.version) where the scan saw '\(scanned.manifest.name)' \(scanned.manifest.version)"
        }
        if scanned.contractsVersion != loaded.contractsVersion {
            return "reports Contracts \(loaded.contractsVersion) where the scan saw \(scanned.contractsVersion)"
        }
        let before = Dictionary(scanned.provides.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(loaded.provides.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var parts: [String] = []
        let added = loaded.provides.filter { before[key($0)] == nil }
        if !added.isEmpty { parts.append("registers \(list(added)) that the scan did not see") }
        let removed = scanned.provides.filter { after[key($0)] == nil }
        if !removed.isEmpty { parts.append("does not register \(list(removed)) that the scan saw") }
        let changed = loaded.provides.filter { provision in before[key(provision)].map { $0 != provision } ?? false }
        if !changed.isEmpty { parts.append("registers \(list(changed)) with other requirements or routes than the scan saw") }
        return parts.isEmpty ? nil : parts.joined(separator: ", and ")
    }

    /// The refusal of a plugin whose registrations in viper differ from its scan.
    package static func refusal(_ difference: String) -> String {
        "refused: loaded in viper, it \(difference) (the scan runs each plugin in a separate process first); "
            + "a plugin must register the same contracts wherever it runs; fix the plugin or remove it"
    }

    private static func key(_ provision: Provision) -> String {
        "\(provision.kind.rawValue) \(provision.contract.name)[\(provision.name ?? "")]"
    }

    private static func list(_ provisions: [Provision]) -> String {
        provisions.map { "\($0.kind.rawValue) \($0)" }.joined(separator: ", ")
    }
}
