import Contracts
import ViperRuntime

/// The mode each plugin runs in, for `viper plugins` and `viper doctor`: in viper's process, or
/// isolated in a boxed process of its own (``IsolatedPlugin``).
extension PluginReport {
    /// The `mode:` line of a plugin in `viper plugins`.
    static func modeLine(_ record: PluginRecord, _ runtime: HostRuntime) -> [String] {
        guard let name = record.name else { return [] }
        guard runtime.isolatedNames.contains(name) else { return ["  mode:      in process"] }
        if let descriptor = record.descriptor, let refusal = IsolatedPlugin.refusal(plugin: name, descriptor: descriptor) {
            return ["  mode:      isolated, refused: \(refusal)"]
        }
        let network = runtime.networkNames.contains(name) ? "; network allowed" : "; no network"
        return [
            "  mode:      isolated (a boxed process of its own; writes only \(IsolatedPlugin.privateFolder(dataFolder: runtime.dataFolder, plugin: name))\(network))"
        ]
    }

    /// `viper doctor`'s lines on isolation: each isolated plugin, a refusal, a name that matches no plugin.
    static func isolationLines(_ runtime: HostRuntime) -> [String] {
        var lines: [String] = []
        let records = runtime.records
        for name in runtime.isolatedNames.sorted() {
            guard let record = records.first(where: { $0.name == name }) else {
                lines.append("isolate: no plugin named '\(name)' was found; check the name in 'viper plugins'")
                continue
            }
            if let descriptor = record.descriptor, let refusal = IsolatedPlugin.refusal(plugin: name, descriptor: descriptor) {
                lines.append("isolate: \(refusal)")
            } else {
                let network = runtime.networkNames.contains(name) ? ", with the network allowed" : ""
                lines.append("isolated: \(name) runs in a boxed process of its own\(network)")
            }
        }
        return lines
    }
}
