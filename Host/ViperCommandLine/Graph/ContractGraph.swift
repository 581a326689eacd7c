import Contracts
import ViperCore
import ViperRuntime

/// The contract graph, for people who would rather look than read: every plugin (and viper itself,
/// for the services it provides), what each provides (services, modules with their routes,
/// adapters) and requires, who serves each requirement, and what is disabled or missing, with
/// the reason. Built from what validation found, so it shows exactly what `doctor` judged.
///
/// Everything a plugin file supplies (names, reasons, routes) passes through ``printable(_:)``
/// before any renderer sees it, so no renderer can send a control character to a terminal.
package struct ContractGraph: Encodable, Equatable {
    /// The name the graph gives viper's own services.
    static let hostName = "viper"

    struct Plugin: Encodable, Equatable {
        package let name: String
        let version: String
        /// `host`, `loaded`, `ready`, `disabled` or `broken`.
        let status: String
        let reason: String?
        let provides: [Provided]
        let requires: [Required]

        var isUsable: Bool { status == "host" || status == "loaded" || status == "ready" }
    }

    struct Provided: Encodable, Equatable {
        /// `service`, `module` or `adapter`.
        let kind: String
        package let contract: String
        package let name: String?
        package let route: String?
        /// For an adapter: the contract it serves this one from.
        let adaptedFrom: String?

        var label: String { name.map { "\(contract)[\($0)]" } ?? contract }
    }

    struct Required: Encodable, Equatable {
        /// `service` or `module`.
        let kind: String
        package let contract: String
        package let name: String?
        /// The plugin that serves it (``ContractGraph/hostName`` for viper's services), or nil: missing.
        let providedBy: String?
        /// When an adapter serves it: the contract it is adapted from.
        let adaptedFrom: String?
        /// The plugins whose adapters serve it, along the chain from it to ``adaptedFrom``.
        let adapters: [String]

        var label: String { name.map { "\(contract)[\($0)]" } ?? contract }
    }

    /// A problem `doctor` reports, with the plugin it belongs to.
    struct Finding: Encodable, Equatable {
        package let plugin: String?
        let message: String
    }

    var plugins: [Plugin]
    var problems: [Finding]
    /// The contract libraries found beside the plugins.
    var libraries: [Library] = []

    /// Keeps the plugins named in `names` and every plugin one edge away from them (their
    /// requirements' providers and the adapters on the way, and the plugins that require what
    /// they provide).
    package func focused(on names: Set<String>) -> ContractGraph {
        let chosen = plugins.filter { names.contains($0.name) }
        let providers = Set(chosen.flatMap { $0.requires.compactMap(\.providedBy) })
        // The plugins whose adapters turn a provider's contract into a chosen plugin's requirement:
        // every one along a chain, as validation followed it.
        let adapters = Set(chosen.flatMap { $0.requires.flatMap(\.adapters) })
        let provided = Set(chosen.flatMap { $0.provides.map { "\($0.kind == "adapter" ? "service" : $0.kind) \($0.label)" } })
        let consumers = plugins.filter { plugin in
            plugin.requires.contains { required in
                guard let provider = required.providedBy, names.contains(provider) else {
                    return provided.contains("\(required.kind) \(required.label)")
                }
                return true
            }
        }.map(\.name)
        let keep = names.union(providers).union(adapters).union(consumers)
        return ContractGraph(
            plugins: plugins.filter { keep.contains($0.name) },
            problems: problems.filter { $0.plugin.map(keep.contains) ?? false },
            libraries: libraries.filter { !Set($0.usedBy).isDisjoint(with: keep) })
    }

    /// Why `required` has no provider, or nil when it has one: nothing provides it at all, or only
    /// plugins that are disabled do.
    func gap(_ required: Required) -> String? {
        guard required.providedBy == nil else { return nil }
        let offering = plugins.filter { plugin in
            plugin.provides.contains { ($0.kind == required.kind || $0.kind == "adapter") && $0.label == required.label }
        }
        if offering.isEmpty { return "missing: no plugin provides it" }
        return "unserved: only \(offering.map(\.name).joined(separator: ", ")) provide\(offering.count == 1 ? "s" : "") it, disabled"
    }

    /// What a plugin file supplies, as one line without control characters (the cleaning
    /// `plugins`, `doctor` and the logger's echo use).
    static func printable(_ text: String) -> String {
        PrintableText.oneLine(text)
    }
}

extension ContractGraph {
    /// The graph of what `runtime` found: viper first, then every plugin in search order.
    package init(runtime: HostRuntime) {
        let host = Plugin(
            name: Self.hostName, version: ViperTool.version, status: "host", reason: nil,
            provides: HostRuntime.hostProvisions.map(Self.provided), requires: [])
        let dependencies = Dictionary(grouping: runtime.dependencies, by: \.plugin)
        let found = runtime.records.map { record in
            Self.plugin(record, dependencies: dependencies[record.name ?? ""] ?? [])
        }
        self.init(
            plugins: [host] + found, problems: runtime.problems.map { Finding(plugin: $0.plugin.map(Self.printable), message: Self.printable($0.message)) },
            libraries: Self.libraries(of: runtime))
    }

    private static func plugin(_ record: PluginRecord, dependencies: [Dependency]) -> Plugin {
        var requires: [Required] = []
        var seen = Set<String>()
        for dependency in dependencies {
            let requirement = dependency.requirement
            let key = "\(requirement.kind.rawValue) \(requirement.contract.name) \(requirement.name ?? "")"
            guard seen.insert(key).inserted else { continue }
            requires.append(
                Required(
                    kind: requirement.kind.rawValue, contract: printable(requirement.contract.name),
                    name: requirement.name.map(printable),
                    providedBy: dependency.providedBy.map { $0 == "host" ? hostName : printable($0) },
                    adaptedFrom: dependency.adaptedFrom.map { printable($0.name) },
                    adapters: dependency.adapters.map { $0 == "host" ? hostName : printable($0) }))
        }
        if dependencies.isEmpty, let descriptor = record.descriptor {
            // A plugin left out of validation (broken, refused) still shows what it asked for.
            requires = descriptor.requires.map {
                Required(
                    kind: $0.kind.rawValue, contract: printable($0.contract.name), name: $0.name.map(printable),
                    providedBy: nil, adaptedFrom: nil, adapters: [])
            }
        }
        return Plugin(
            name: printable(record.displayName), version: printable(record.descriptor?.manifest.version ?? "?"),
            status: record.status.rawValue, reason: record.reason.map(printable),
            provides: record.descriptor?.provides.map(provided) ?? [], requires: requires)
    }

    private static func provided(_ provision: Provision) -> Provided {
        Provided(
            kind: provision.kind.rawValue, contract: printable(provision.contract.name), name: provision.name.map(printable),
            route: provision.route.map { printable($0.pattern) }, adaptedFrom: provision.adaptedFrom.map { printable($0.name) })
    }
}
