import Contracts
import ViperCore
import ViperRuntime

/// `doctor`'s view of route interception: which plugins intercept which contract, in
/// the order they run (``InterceptorTable/order(_:)``, the runtime's own rule), and the
/// contracts more than one plugin intercepts (conflicts, settled by that order).
extension PluginReport {
    /// One intercepted contract in `doctor --json`: its interceptors' plugins, in the order they run.
    struct InterceptorJSON: Encodable {
        let contract: String
        let plugins: [String]
    }

    /// The interceptors of the usable plugins, by contract label, in the order they run.
    static func interceptors(_ runtime: HostRuntime) -> [(contract: String, plugins: [String])] {
        var byContract: [String: [String]] = [:]
        for record in runtime.records where record.status == .loaded || record.status == .ready {
            guard let name = record.name, let descriptor = record.descriptor else { continue }
            for provision in descriptor.provides where provision.kind == .interceptor {
                byContract[ProvisionKey(provision).label, default: []].append(name)
            }
        }
        return byContract.keys.sorted().map { ($0, InterceptorTable.order(byContract[$0] ?? [])) }
    }

    /// One line per intercepted contract; a conflict says who decides first.
    static func interceptorLines(_ runtime: HostRuntime) -> [String] {
        interceptors(runtime).map { contract, plugins in
            guard plugins.count > 1 else { return "interceptor: \(contract) by plugin '\(plugins[0])'" }
            let names = plugins.map { "'\($0)'" }.joined(separator: ", ")
            return "conflict: \(contract) is intercepted by plugins \(names); they run in that order (by plugin name) "
                + "and the first that redirects or refuses decides"
        }
    }
}
