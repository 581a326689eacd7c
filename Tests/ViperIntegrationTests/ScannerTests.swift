import Foundation
import Testing
import ViperTestSupport

/// Crash-isolated scanning and the descriptor cache (issue 6), through the real `viper`.
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
        let cache = try String(contentsOfFile: viper.dataFolder + "/plugin-cache", encoding: .utf8)
        #expect(cache.contains("crashed the scanner"))

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
        try Data("viper-plugin-cache\t3\tnot the host\nR\tgarbage\n".utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/plugin-cache"))
        let result = try viper.run(["plugins"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("greeter 1.0.0  [ready]"))
        let rebuilt = try String(contentsOfFile: viper.dataFolder + "/plugin-cache", encoding: .utf8)
        #expect(rebuilt.hasPrefix("viper-plugin-cache\t4\t"))
        #expect(rebuilt.contains("\tgreeter\t1.0.0\t"), "\(rebuilt)")
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("the plugin cache is unreadable or from another version; rebuilding it"))
    }

    @Test func rescanIgnoresTheCache() throws {
        let viper = ViperProcess()
        _ = try viper.run(["plugins"])
        // Poison the cached descriptor: only a real rescan can bring back the true name.
        let path = viper.dataFolder + "/plugin-cache"
        let poisoned = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\tok\tgreeter\t", with: "\tok\tpoisoned\t")
        try poisoned.write(toFile: path, atomically: true, encoding: .utf8)
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
