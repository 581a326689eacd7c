import Contracts
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime

/// A pending plugin at `path` that provides the service `contract`, as start-up's triage would
/// add it (a flag folder, nothing overridden, no stamp).
func pendingPlugin(_ path: String, provides contract: ContractID) -> PendingPlugin {
    let descriptor = PluginDescriptor(
        manifest: PluginManifest(name: "n", version: "1", summary: ""), contractsVersion: .current,
        provides: [Provision(kind: .service, contract: contract)])
    return PendingPlugin(
        file: PluginFile(path: path, folder: PluginFolder(path: "/p", origin: .flag)), overridden: [], known: nil,
        scanned: descriptor, stamp: nil)
}
