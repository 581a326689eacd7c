// Adapters only: Poster from Banner, the second link of a chain (Banner comes from Panel
// in fixture-shapes).
import Contracts
import FixtureContracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: GluePlugin.self)
}

final class BannerPoster: Poster {
    let slogan: String
    init(_ banner: any Banner) { slogan = "Poster of " + banner.headline }
}

enum GluePlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-glue", version: "0.1.0", summary: "Poster from Banner")

    static func register(in registrar: any Registrar) throws {
        registrar.registerAdapter(Poster.self, from: Banner.self) { BannerPoster($0) }
    }
}
