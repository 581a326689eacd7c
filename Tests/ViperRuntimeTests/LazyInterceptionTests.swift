import Contracts
import Testing
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime

/// A route asks for the interceptors of its contract; lazy loading then loads the pending plugins
/// that declare one, but never a plugin whose interceptor there is off: its code does
/// not run for a route it may not touch. It stays pending for what it provides itself.
@Suite struct LazyInterceptionTests {
    private let listing = ContractID("Contracts.NoteListing")

    /// A pending `gate` plugin found in a folder of `origin`: it intercepts NoteListing and
    /// provides the modules of `provides`.
    private func pending(origin: PluginOrigin, provides: [ContractID] = [ContractID("Gate.Page")], named name: String? = nil) -> PendingPlugins {
        let provisions = [Provision(kind: .interceptor, contract: listing)] + provides.map { Provision(kind: .module, contract: $0, name: name) }
        let descriptor = PluginDescriptor(manifest: PluginManifest(name: "gate", version: "1.0.0", summary: "gate"),
                                          contractsVersion: .current, provides: provisions)
        var pending = PendingPlugins()
        pending.add(PendingPlugin(file: PluginFile(path: "/p/libGate.so", folder: PluginFolder(path: "/p", origin: origin)),
                                  overridden: [], known: nil, scanned: descriptor, stamp: nil),
                    name: "gate")
        return pending
    }

    private func takeInterceptors(_ pending: inout PendingPlugins, allowed: Set<String> = []) -> [String] {
        let key = ProvisionKey(.interceptor, listing)
        let permission = InterceptionPermission(allowed: allowed)
        return pending.take(serving: key, where: { permission.mayLoad($1, named: $0, for: key) }).map(\.name)
    }

    @Test func aDropInWhoseInterceptorIsOffIsNotLoadedForARouteButStillForItsOwnModule() {
        var pending = pending(origin: .flag)
        #expect(takeInterceptors(&pending).isEmpty)
        #expect(!pending.isEmpty)
        #expect(pending.take(serving: ProvisionKey(.module, ContractID("Gate.Page"))).map(\.name) == ["gate"])
    }

    @Test func aDropInAllowedByNameIsLoadedForTheRoute() {
        var pending = pending(origin: .flag)
        #expect(takeInterceptors(&pending, allowed: ["gate"]) == ["gate"])
        #expect(pending.isEmpty)
    }

    @Test func aDropInThatProvidesTheContractItselfIsLoadedForTheRoute() {
        var pending = pending(origin: .environment, provides: [listing])
        #expect(takeInterceptors(&pending) == ["gate"])
    }

    @Test func aBundledPluginIsLoadedForTheRouteWithoutPermission() {
        var pending = pending(origin: .bundled)
        #expect(takeInterceptors(&pending) == ["gate"])
    }

    @Test func aDropInThatProvidesTheContractUnderAnotherNameIsNotLoadedForTheUnnamedRoute() {
        var pending = pending(origin: .flag, provides: [listing], named: "phish")
        #expect(takeInterceptors(&pending).isEmpty)
        #expect(pending.take(serving: ProvisionKey(.module, listing, name: "phish")).map(\.name) == ["gate"])
    }

    @Test func doctorCountsAnInterceptorOfAnotherNamesProviderAsOff() {
        let descriptor = PluginDescriptor(
            manifest: PluginManifest(name: "phish", version: "1.0.0", summary: "phish"), contractsVersion: .current,
            provides: [Provision(kind: .module, contract: listing, name: "phish"), Provision(kind: .interceptor, contract: listing),
                       Provision(kind: .interceptor, contract: listing, name: "phish")])
        #expect(InterceptionPermission().pending(descriptor, origin: .flag) == ["Contracts.NoteListing"])
        #expect(InterceptionPermission(allowed: ["phish"]).pending(descriptor, origin: .flag).isEmpty)
    }
}
