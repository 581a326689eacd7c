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
    private func folder(forgerBroken: Bool = false) throws -> String {
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
        let lines = try forgedLines(forger: folder + "/libaa_forge.so", victims: victims, forgerBroken: forgerBroken)
        try lines.write(toFile: folder + "/forged-lines.txt", atomically: true, encoding: .utf8)
        return folder
    }

    /// What the forger writes once it has the secret: a ready result for itself (or, with
    /// `forgerBroken`, a broken one, so that it is among the verdicts confirmed), then for each
    /// victim its begin line and a broken result.
    private func forgedLines(forger: String, victims: [String], forgerBroken: Bool) throws -> String {
        let descriptor = PluginDescriptor(manifest: PluginManifest(name: "forged-forger", version: "6.6.6", summary: "forged"),
                                          contractsVersion: .current, provides: [])
        let own: ScanResult.Outcome = forgerBroken ? .broken("says it is broken itself") : .ok(descriptor)
        var lines = [ScanMode.Line.result(ScanResult(stamp: try #require(FileStamp.read(forger)), outcome: own)).text]
        for victim in victims {
            lines.append(ScanMode.Line.begin(victim).text)
            let stamp = try #require(FileStamp.read(victim))
            lines.append(ScanMode.Line.result(ScanResult(stamp: stamp, outcome: .broken(Self.forgedReason))).text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs `viper plugins` twice (a cold start, then one from the cache) with every file in one
    /// scanner; both listings, and whether any file of the data folder holds the forged reason.
    private func listings(exec: Bool, forgerBroken: Bool = false) throws -> (cold: String, warm: String, cached: Bool) {
        let plugins = try folder(forgerBroken: forgerBroken)
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

    @Test(arguments: [false, true], [false, true])
    func aForgerWithTheSecretCannotDisableThePluginsAfterItAndItsVerdictsAreNotCached(exec: Bool, forgerBroken: Bool) throws {
        let (cold, warm, cached) = try listings(exec: exec, forgerBroken: forgerBroken)
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

    /// The bundled plugins' paths, in the order viper finds them, from a listing without the forger.
    private func bundledPaths() throws -> [String] {
        let listing = try ViperProcess().run(["plugins"]).stdout
        return listing.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("path:"), text.hasSuffix(" (bundled)") else { return nil }
            return String(text.dropFirst(5).dropLast(10)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The forger, alone in a folder, with lines that give each bundled plugin a forged ready
    /// result (named `forged-N`, providing nothing), as if they came after it in its batch.
    @Test(arguments: [false, true])
    func aDropInForgerCannotWriteResultsForTheBundledPlugins(exec: Bool) throws {
        let bundled = try bundledPaths()
        #expect(bundled.count >= 6, "\(bundled)")
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/forge_from_memory.c", encoding: .utf8)
        let folder = try TemporaryFolder.make("memory-forged-bundled")
        try FileManager.default.copyItem(atPath: try FixtureCompiler.cPlugin(named: "forge_from_memory", source: source), toPath: folder + "/libaa_forge.so")
        func ready(_ path: String, _ name: String) throws -> String {
            let descriptor = PluginDescriptor(manifest: PluginManifest(name: name, version: "6.6.6", summary: "forged"),
                                              contractsVersion: .current, provides: [])
            return ScanMode.Line.result(ScanResult(stamp: try #require(FileStamp.read(path)), outcome: .ok(descriptor))).text
        }
        var lines = [try ready(folder + "/libaa_forge.so", "forged-forger")]
        for (index, path) in bundled.enumerated() {
            lines += [ScanMode.Line.begin(path).text, try ready(path, "forged-\(index)")]
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/forged-lines.txt", atomically: true, encoding: .utf8)

        var viper = ViperProcess()
        viper.environment["FORGE_LINES"] = folder + "/forged-lines.txt"
        viper.environment["VIPER_SCANNERS"] = "1"
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let result = try viper.run(["plugins", "--plugins", folder])
        for name in ["account", "articles", "greeter", "note-storage", "notes", "todo"] {
            #expect(result.stdout.contains("\(name) 1.0.0  [ready]"), "\(name): \(result.stdout)")
        }
        #expect(!result.stdout.contains("forged-0"), "\(result.stdout)")
    }
}
