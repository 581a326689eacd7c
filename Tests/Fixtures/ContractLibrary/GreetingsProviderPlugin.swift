// Provides GreetingsService, the service contract of the library 'viper new Greetings
// --contract-library' writes, so a test can run that library's generated suite on a provider.
import Contracts
import Greetings

@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
    PluginEntry.run(host, plugin: GreetingsProviderPlugin.self)
}

final class PlainGreetings: GreetingsService {
    func describe(_ subject: String) -> String { "Greetings to \(subject)" }
}

enum GreetingsProviderPlugin: Plugin {
    static let manifest = PluginManifest(name: "greetings-provider", version: "1.0.0", summary: "Provides GreetingsService")
    static let contractLibraries = [GreetingsLibrary.compiled]

    static func register(in registrar: any Registrar) throws {
        registrar.registerService(GreetingsService.self) { _ in PlainGreetings() }
    }
}
