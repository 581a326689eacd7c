import Contracts
import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport

/// The scanner's results against a plugin that tries to write them: its constructor
/// runs in the scanner before its result is written, writes results that say it and the file
/// after it in its batch loaded fine (plain, and under a made-up secret) to every descriptor it
/// finds, and ends the scanner with `_exit(0)`. Both files' entry points abort: neither may be
/// called ready, forked scanner or spawned.
@Suite struct ForgedScanTests {
    /// A folder holding the forger (`libaa_forge.so`), the file after it (`libzz_victim.so`) and
    /// the lines the forger writes.
    private func folder() throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/forge_scan.c", encoding: .utf8)
        let forger = try FixtureCompiler.cPlugin(named: "forge_scan", source: source)
        let victim = try FixtureCompiler.cPlugin(named: "forge_scan_victim", source: source, extraFlags: ["-DVICTIM"])
        let folder = try TemporaryFolder.make("forged-scan")
        try FileManager.default.copyItem(atPath: forger, toPath: folder + "/libaa_forge.so")
        try FileManager.default.copyItem(atPath: victim, toPath: folder + "/libzz_victim.so")
        let lines = try forgedLines(forger: folder + "/libaa_forge.so", victim: folder + "/libzz_victim.so")
        try lines.write(toFile: folder + "/forged-lines.txt", atomically: true, encoding: .utf8)
        return folder
    }

    /// What a hostile author who read ScanMode.swift and ScanSeal.swift would write: a ready
    /// result for the forger, then a begin and a ready result for the victim; plain, then sealed
    /// with a secret it had to guess.
    private func forgedLines(forger: String, victim: String) throws -> String {
        func ready(_ path: String, _ name: String) throws -> String {
            let descriptor = PluginDescriptor(manifest: PluginManifest(name: name, version: "6.6.6", summary: "forged"),
                                              contractsVersion: .current, provides: [])
            let stamp = try #require(FileStamp.read(path))
            return ScanMode.Line.result(ScanResult(stamp: stamp, outcome: .ok(descriptor))).text
        }
        let plain = [try ready(forger, "forged-forger"), ScanMode.Line.begin(victim).text, try ready(victim, "forged-victim")]
        let guessed = plain.map { String(repeating: "0", count: 32) + "\t" + $0 }
        return (plain + guessed).joined(separator: "\n") + "\n"
    }

    private func listing(exec: Bool) throws -> String {
        let plugins = try folder()
        var viper = ViperProcess()
        viper.environment["FORGE_LINES"] = plugins + "/forged-lines.txt"
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let result = try viper.run(["plugins", "--plugins", plugins])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test(arguments: [false, true])
    func aPluginThatWritesResultsForItselfAndTheNextFileIsBrokenAndTheNextFileIsJudgedOnItsOwn(exec: Bool) throws {
        let stdout = try listing(exec: exec)
        #expect(!stdout.contains("forged-forger"), "\(stdout)")
        #expect(!stdout.contains("forged-victim"), "\(stdout)")
        #expect(stdout.contains("libaa_forge.so  [broken]"), "\(stdout)")
        #expect(stdout.contains("disabled:  \(ScanWorker.unsealed)"), "\(stdout)")
        #expect(stdout.contains("libzz_victim.so  [broken]"), "\(stdout)")
        #expect(stdout.contains("disabled:  crashed the scanner with SIGABRT (aborted) while loading; it is skipped until the file changes"), "\(stdout)")
    }
}
