import Contracts
import Foundation
import Testing
import ViperLoading
import ViperTestSupport

/// Crash-isolated scanning and the descriptor cache, through the real `viper`.
@Suite struct ScannerTests {
    private func fixture(_ name: String) throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Scanner/\(name).c", encoding: .utf8)
        return try FixtureCompiler.cPlugin(named: name, source: source)
    }

    /// A plugin folder with copies of the given libraries.
    private func folder(_ libraries: [String]) throws -> String {
        let folder = try TemporaryFolder.make("scan")
        for library in libraries {
            try FileManager.default.copyItem(atPath: library, toPath: folder + "/" + URL(fileURLWithPath: library).lastPathComponent)
        }
        return folder
    }

    @Test func aPluginThatCrashesOrHangsIsListedAsBrokenAndTheRestStillLoad() throws {
        let plugins = try folder([fixture("crash_in_entry"), fixture("hang_in_entry")])
        var viper = ViperProcess()
        viper.environment["VIPER_SCAN_TIMEOUT"] = "2"
        let result = try viper.run(["plugins", "--plugins", plugins])
        #expect(result.status == 0)
        #expect(result.stdout.contains("libcrash_in_entry.so  [broken]"), "\(result.stdout)")
        #expect(result.stdout.contains("disabled:  crashed the scanner with SIGSEGV (segmentation fault) while loading; it is skipped until the file changes"), "\(result.stdout)")
        #expect(result.stdout.contains("libhang_in_entry.so  [broken]"))
        #expect(result.stdout.contains("disabled:  did not finish loading within 2 s and was stopped (it hangs in its entry point); it is skipped until the file changes"))
        #expect(result.stdout.contains("greeter 1.0.0  [ready]"))

        let doctor = try viper.run(["doctor", "--plugins", plugins])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("problem: \(plugins)/libcrash_in_entry.so: crashed the scanner with SIGSEGV"))
    }

    @Test func aBrokenPluginIsSkippedUntilItsFileChanges() throws {
        let plugins = try folder([fixture("crash_in_entry")])
        let viper = ViperProcess()
        _ = try viper.run(["plugins", "--plugins", plugins])
        let cache = try #require(DescriptorCache.parse(Data(contentsOf: URL(fileURLWithPath: viper.dataFolder + "/plugin-cache"))))
        #expect(cache.entries.values.contains { result in
            if case .broken(let message) = result.outcome { return message.contains("crashed the scanner") }
            return false
        })

        // The cached verdict is used: the scanner is not run again (the log says nothing new was scanned).
        let second = try viper.run(["plugins", "--plugins", plugins])
        #expect(second.stdout.contains("libcrash_in_entry.so  [broken]"))

        // Replace the file with a good plugin under the same name: it is scanned again and loads.
        let good = try FixtureCompiler.swiftPlugin(named: "scan_good", source: Self.goodPlugin)
        try FileManager.default.removeItem(atPath: plugins + "/libcrash_in_entry.so")
        try FileManager.default.copyItem(atPath: good, toPath: plugins + "/libcrash_in_entry.so")
        let third = try viper.run(["plugins", "--plugins", plugins])
        #expect(third.stdout.contains("scan-good 1.0.0  [ready]"), "\(third.stdout)")
    }

    @Test func aCorruptCacheIsRebuiltNotFatal() throws {
        let viper = ViperProcess()
        // An index of this format (its first twelve bytes) whose rest is damaged.
        let damaged = Array("viperidx".utf8) + [UInt8(DescriptorCache.formatVersion), 0, 0, 0] + [UInt8](repeating: 0x41, count: 200)
        try Data(damaged).write(to: URL(fileURLWithPath: viper.dataFolder + "/plugin-cache"))
        let result = try viper.run(["plugins"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("greeter 1.0.0  [ready]"))
        let rebuilt = try #require(DescriptorCache.parse(Data(contentsOf: URL(fileURLWithPath: viper.dataFolder + "/plugin-cache"))))
        #expect(rebuilt.format == DescriptorCache.formatVersion)
        #expect(rebuilt.entries.values.contains { result in
            if case .ok(let scanned) = result.outcome { return scanned.name == "greeter" && scanned.descriptor.manifest.version == "1.0.0" }
            return false
        })
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("the plugin cache is unreadable ("), "\(log)")
        #expect(log.contains("); rebuilding it"))
    }

    @Test func rescanIgnoresTheCache() throws {
        let viper = ViperProcess()
        _ = try viper.run(["plugins"])
        // Poison the cached descriptor: only a real rescan can bring back the true name.
        let path = viper.dataFolder + "/plugin-cache"
        var cache = try #require(DescriptorCache.parse(Data(contentsOf: URL(fileURLWithPath: path))))
        cache.entries = cache.entries.mapValues { result in
            guard case .ok(let scanned) = result.outcome, scanned.name == "greeter" else { return result }
            var descriptor = scanned.descriptor
            descriptor.manifest = PluginManifest(name: "poisoned", version: descriptor.manifest.version, summary: descriptor.manifest.summary)
            return ScanResult(stamp: result.stamp, outcome: .ok(descriptor), code: result.code, sha256: result.sha256)
        }
        try Data(cache.serializedBytes()).write(to: URL(fileURLWithPath: path))
        #expect(try viper.run(["plugins"]).stdout.contains("poisoned 1.0.0  [ready]"))
        let rescanned = try viper.run(["plugins", "--rescan"])
        #expect(rescanned.stdout.contains("greeter 1.0.0  [ready]"))
        #expect(!rescanned.stdout.contains("poisoned"))
    }

    static let goodPlugin = """
        import Contracts
        @_cdecl("viper_plugin_abi") public func abi() -> UInt32 { ContractsVersion.compiledPacked }
        @_cdecl("viper_plugin_entry") public func entry(_ host: UnsafeMutableRawPointer?) -> Int32 {
            PluginEntry.run(host, plugin: Good.self)
        }
        enum Good: Plugin {
            static let manifest = PluginManifest(name: "scan-good", version: "1.0.0", summary: "fixture")
            static func register(in registrar: any Registrar) throws {
                registrar.registerService(Good.Marker.self) { _ in Good.Marker() }
            }
            final class Marker {}
        }
        """
}
