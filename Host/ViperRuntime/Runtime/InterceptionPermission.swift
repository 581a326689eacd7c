import Contracts
import Foundation
import ViperCore
import ViperLoading

/// Interception is a permission, like a browser extension's: an interceptor decides where every
/// route to its contract goes (redirect it to itself, refuse it), so a plugin dropped into a plugin
/// folder cannot take over `notes` or `login` by registering one.
///
/// Invariants:
/// - A plugin may intercept the provider it is itself: a module or service of that contract *and
///   name* (the unnamed one when it provides the unnamed one). It guards its own screens.
///   Providing `NoteListing[phish]` does not make the unnamed `NoteListing` (the bundled Notes at
///   `notes`) its own: an interceptor there is someone else's route, and needs permission.
/// - A bundled plugin (shipped in the folder beside viper) may intercept any contract, as before.
/// - Any other interceptor is off until the person allows its plugin by name: `--allow-intercept
///   NAME` (repeatable) or `"allowIntercept": ["NAME"]` in `config.json`. Off means it is never
///   committed to the registry, so it never runs; `viper doctor` lists it as a problem with the fix.
package struct InterceptionPermission: Sendable {
    /// The plugins the person allowed to intercept any contract.
    package var allowed: Set<String> = []

    package init(allowed: Set<String> = []) {
        self.allowed = allowed
    }

    /// Whether `plugin`, found in a folder of `origin`, may hold `interceptor` (an interceptor's
    /// key: contract and name) when it provides `provided` (``guardable(_:)``).
    package func permits(plugin: String, origin: PluginOrigin, interceptor: ProvisionKey, provided: Set<ProvisionKey>) -> Bool {
        origin == .bundled || allowed.contains(plugin) || provided.contains(interceptor)
    }

    /// The interceptor keys a plugin may hold without permission: one for each module or service
    /// it provides, by contract and name (the key of the interceptor that guards that provider).
    package static func guardable(_ provisions: [(kind: Provision.Kind, contract: ContractID, name: String?)]) -> Set<ProvisionKey> {
        Set(provisions.filter { $0.kind == .service || $0.kind == .module }.map { ProvisionKey(.interceptor, $0.contract, name: $0.name) })
    }

    /// ``guardable(_:)`` of what `descriptor` declares.
    static func guardable(_ descriptor: PluginDescriptor) -> Set<ProvisionKey> {
        guardable(descriptor.provides.map { ($0.kind, $0.contract, $0.name) })
    }

    /// The interceptors `descriptor` declares that are off (by label), in its order.
    package func pending(_ descriptor: PluginDescriptor, origin: PluginOrigin) -> [String] {
        let plugin = descriptor.manifest.name
        let provided = Self.guardable(descriptor)
        return descriptor.provides.filter { provision in
            provision.kind == .interceptor && !permits(plugin: plugin, origin: origin, interceptor: ProvisionKey(provision), provided: provided)
        }.map { ProvisionKey($0).label }
    }

    /// The labels, as ``Registry/commit(_:skipping:)`` takes them (``InterceptorTable/skipKey(_:)``), of what `recorded`
    /// registered to intercept without permission.
    func skipped(_ recorded: RecordingRegistrar, origin: PluginOrigin) -> Set<String> {
        guard origin != .bundled, !recorded.interceptors.isEmpty else { return [] }
        let provided = Self.guardable(
            recorded.services.map { (.service, $0.contract, $0.name) } + recorded.modules.map { (.module, $0.contract, $0.name) })
        return Set(
            recorded.interceptors.filter { interceptor in
                let key = ProvisionKey(.interceptor, interceptor.contract, name: interceptor.name)
                return !permits(plugin: interceptor.plugin, origin: origin, interceptor: key, provided: provided)
            }.map { InterceptorTable.skipKey(Registry.label($0.contract, $0.name)) })
    }

    /// The problem line for `plugin`'s interceptor of `label`, which is off.
    package static func problem(plugin: String, label: String) -> Problem {
        Problem(
            kind: .loadFailed, plugin: plugin, contract: label,
            message: "plugin '\(plugin)' asks to intercept \(label), which it does not provide, so it could redirect or refuse "
                + "every route there; its interceptor is off until you allow it: run viper with --allow-intercept \(plugin), "
                + "or add \"allowIntercept\": [\"\(plugin)\"] to config.json")
    }
}
