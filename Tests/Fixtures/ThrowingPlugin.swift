// A plugin whose registration throws: the host must report the message and go on.
import Contracts

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: ThrowingPlugin.self)
}

struct SetupFailure: Error, CustomStringConvertible {
    var description: String { "the fixture refuses to register" }
}

enum ThrowingPlugin: Plugin {
    static let manifest = PluginManifest(name: "fixture-throws", version: "0.1.0", summary: "Throws from register")

    static func register(in registrar: any Registrar) throws {
        throw SetupFailure()
    }
}
