import Contracts
import ViperCore
import ViperLoading

/// Lazy loading and the interception permission: a route asks for the interceptors of its
/// contract (``NavigationStack``'s `decide`), which would `dlopen` every pending plugin that
/// declares one. A plugin whose interceptor there is off (``InterceptionPermission``) is not
/// loaded for it: its code does not run for a route it may not touch. The person was told at
/// start-up (``HostRuntime/interceptionProblems``); it still loads when something it provides
/// itself is asked for, and its interceptor is skipped at commit then.
extension InterceptionPermission {
    /// Whether the pending `plugin` (named `name`) may be loaded to serve `key`: always, unless
    /// `key` is an interceptor's and the plugin may not hold it (it does not provide that contract
    /// under that name, and was not allowed).
    func mayLoad(_ plugin: PendingPlugin, named name: String, for key: ProvisionKey) -> Bool {
        guard key.kind == .interceptor, plugin.file.folder.origin != .bundled, !allowed.contains(name) else { return true }
        return permits(plugin: name, origin: plugin.file.folder.origin, interceptor: key, provided: Self.guardable(plugin.scanned.descriptor))
    }
}
