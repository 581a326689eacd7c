import Contracts
import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport

/// The scanner's results against a plugin that reads its scanner's secret from memory
/// (`Tests/Fixtures/Sandbox/forge_from_memory.c`) and writes sealed results: ready for itself,
/// broken with a made-up reason for each file after it in its batch. The seal cannot stop that;
/// a broken verdict from a batch is believed only once a scanner of that file alone agrees, so
/// the other plugins load, and no verdict the forger wrote about another file reaches the cache.
@Suite struct MemoryForgedScanTests {
    static let forgedReason = "was disabled by a verdict the forger wrote"
    static let victims = ["fixture-victim-a", "fixture-victim-b", "fixture-victim-c"]

    /// A folder holding the forger first (`libaa_forge.so`), then three plugins that load, and the
    /// lines the forger writes.
    private func folder() throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/forge_from_memory.c", encoding: .utf8)
        let forger = try FixtureCompiler.cPlugin(named: "forge_from_memory", source: source)
        let folder = try TemporaryFolder.make("memory-forged-scan")
        try FileManager.default.copyItem(atPath: forger, toPath: folder + "/libaa_forge.so")
        var victims: [String] = []
        for (index, name) in Self.victims.enumerated() {
            let module = "MemoryVictim" + ["A", "B", "C"][index]
            let library = try Fixtures.route(name + "-page", plugin: name, module: module)
            let path = folder + "/lib\(["bb", "cc", "dd"][index])_victim.so"
            try FileManager.default.copyItem(atPath: library, toPath: path)
            victims.append(path)
        }
        let lines = try forgedLines(forger: folder + "/libaa_forge.so", victims: victims)
        try lines.write(toFile: folder + "/forged-lines.txt", atomically: true, encoding: .utf8)
        return folder
    }

    /// What the forger writes once it has the secret: a ready result for itself, then for each
    /// victim its begin line and a broken result.
    private func forgedLines(forger: String, victims: [String]) throws -> String {
        let descriptor = PluginDescriptor(manifest: PluginManifest(name: "forged-forger", version: "6.6.6", summary: "forged"),
                                          contractsVersion: .current, provides: [])
        var lines = [ScanMode.Line.result(ScanResult(stamp: try #require(FileStamp.read(forger)), outcome: .ok(descriptor))).text]
        for victim in victims {
            lines.append(ScanMode.Line.begin(victim).text)
            let stamp = try #require(FileStamp.read(victim))
            lines.append(ScanMode.Line.result(ScanResult(stamp: stamp, outcome: .broken(Self.forgedReason))).text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs `viper plugins` twice (a cold start, then one from the cache) with every file in one
    /// scanner; both listings, and whether any file of the data folder holds the forged reason.
    private func listings(exec: Bool) throws -> (cold: String, warm: String, cached: Bool) {
        let plugins = try folder()
        var viper = ViperProcess()
        viper.environment["FORGE_LINES"] = plugins + "/forged-lines.txt"
        viper.environment["VIPER_SCANNERS"] = "1"
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let cold = try viper.run(["plugins", "--plugins", plugins])
        #expect(cold.status == 0, "\(cold.stderr)")
        let warm = try viper.run(["plugins", "--plugins", plugins])
        let files = FileManager.default.enumerator(atPath: viper.dataFolder)?.compactMap { $0 as? String } ?? []
        let cached = files.contains { name in
            let data = FileManager.default.contents(atPath: viper.dataFolder + "/" + name) ?? Data()
            return data.range(of: Data(Self.forgedReason.utf8)) != nil
        }
        return (cold.stdout + cold.stderr, warm.stdout + warm.stderr, cached)
    }

    @Test(arguments: [false, true])
    func aForgerWithTheSecretCannotDisableThePluginsAfterItAndItsVerdictsAreNotCached(exec: Bool) throws {
        let (cold, warm, cached) = try listings(exec: exec)
        for listing in [cold, warm] {
            for victim in Self.victims {
                #expect(listing.contains("\(victim) 1.0.0  [ready]"), "\(victim): \(listing)")
            }
            #expect(!listing.contains(Self.forgedReason), "\(listing)")
            // What the forger says of itself stays its own word (a scanner of it alone cannot
            // stop that either): it is checked when the plugin is loaded (`VerifiedLoader`).
        }
        #expect(!cached, "a forged verdict reached the data folder")
    }
}
