import Foundation
import Testing
import ViperCoreTestSupport

@Suite struct CLISmokeTests {
    @Test func doctorPassesWithTheBundledPlugins() throws {
        let result = try ViperProcess().run(["doctor"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "interceptor: Contracts.NoteEditing by plugin 'account'\nok: 6 plugin(s) ready, every requirement has a provider\n")
    }

    @Test func aWrongOptionIsAUsageErrorWithExitCode64() throws {
        let result = try ViperProcess().run(["plugins", "--jsn"])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: unknown option '--jsn' for 'viper plugins'; did you mean '--json'? see 'viper plugins --help'\n")
    }

    @Test func aFixturePluginBuiltOutsideThePackageLoads() throws {
        let library = try FixtureCompiler.swiftPlugin(named: "SmokeFixture", source: """
            import Contracts
            @_cdecl("viper_plugin_abi") public func abi() -> UInt32 { ContractsVersion.compiledPacked }
            @_cdecl("viper_plugin_entry") public func entry(_ host: UnsafeMutableRawPointer?) -> Int32 {
                PluginEntry.run(host, plugin: Smoke.self)
            }
            enum Smoke: Plugin {
                static let manifest = PluginManifest(name: "smoke", version: "0.1.0", summary: "fixture")
                static func register(in registrar: any Registrar) throws {
                    registrar.registerService(Smoke.Marker.self) { _ in Smoke.Marker() }
                }
                final class Marker {}
            }
            """)
        let result = try ViperProcess().run(["plugins", "--plugins", library])
        #expect(result.status == 0)
        #expect(result.stdout.contains("smoke 0.1.0  [ready]"), "\(result.stdout)")
    }
}
