// An interception fixture compiled by the tests (InterceptionTests), as plugin
// __PLUGIN__ (filled in before compiling, so two copies can intercept one contract):
// it redirects routes to NoteListing to `signin` and refuses routes to TodoListing
// with a reason. It provides no module itself.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: GatePlugin.self)
}

enum GatePlugin: Plugin {
    static let manifest = PluginManifest(name: "__PLUGIN__", version: "1.0.0", summary: "Interception fixture: a gate")

    static func register(in registrar: any Registrar) throws {
        registrar.registerInterceptor(for: NoteListing.self) { _, _ in
            .redirect(path: "signin")
        }
        registrar.registerInterceptor(for: TodoListing.self) { _, _ in
            .refuse(reason: "sign in first (__PLUGIN__)")
        }
    }
}
