import Foundation
import Testing
import ViperTestSupport

/// `viper doctor --bisect` through the built viper: 64 generated drop-in plugins, one of which
/// serves `Contracts.Session` in the bundled Account plugin's place and so breaks a script that
/// uses only bundled plugins.
@Suite(.tags(.slow)) struct BisectCommandTests {
    private func runs(_ result: ViperProcess.Result) -> Int {
        result.stderr.split(separator: "\n").filter { $0.hasPrefix("run ") }.count
    }

    /// Every file under `folder` with its bytes, to compare before and after.
    private func contents(_ folder: String) -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + path) { found[path] = data }
        }
        return found
    }

    @Test func thePluginThatBreaksAScriptAmong64IsNamedWithinLog2NPlus2Runs() throws {
        let names = Array(GeneratedPlugins.names(63)) + ["session-thief"]
        let folder = try GeneratedPlugins.folder(names)
        let viper = ViperProcess()
        let broken = try viper.run(["--plugins", folder, "-c", "open notes"])
        #expect(!broken.stdout.contains("Not signed in"), "the script is broken to start with: \(broken.stdout)")
        try "{}".write(toFile: viper.dataFolder + "/config.json", atomically: true, encoding: .utf8)
        let before = contents(viper.dataFolder)

        let result = try viper.run(["--plugins", folder, "doctor", "--bisect", "open notes", "--expect", "Not signed in"])
        #expect(result.stdout.hasPrefix("Culprit: plugin 'session-thief'"), "\(result.stdout)\n\(result.stderr)")
        #expect(result.status == 1)
        #expect(runs(result) <= 8, "⌈log2 64⌉ + 2 runs at most: \(result.stderr)")
        #expect(contents(viper.dataFolder) == before, "the data folder is not changed")
    }

    @Test func aScriptThatNeedsADropInHoldsItOnAndStillFindsTheCulprit() throws {
        let folder = try GeneratedPlugins.folder(Array(GeneratedPlugins.names(63)) + ["session-thief"])
        let result = try ViperProcess().run([
            "--plugins", folder, "doctor", "--bisect", "open gen/gen-0050; back; open notes", "--expect", "Not signed in",
        ])
        #expect(result.stdout.hasPrefix("Culprit: plugin 'session-thief'"), "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("the script asked for 'gen-0050', held on from now"))
        #expect(runs(result) <= 9)
    }

    @Test func twoPluginsThatBreakAScriptOnlyTogetherAreNamedAsAPair() throws {
        let folder = try GeneratedPlugins.folder(Array(GeneratedPlugins.names(62)) + ["pairfetch-one", "pairsession-two"])
        let viper = ViperProcess()
        for alone in [["pairfetch-one"], ["pairsession-two"]] {
            let other = try GeneratedPlugins.folder(alone)
            let result = try viper.run(["--plugins", other, "-c", "open notes"])
            #expect(result.stdout.contains("Not signed in"), "\(alone) alone breaks nothing: \(result.stdout)")
        }
        let result = try viper.run(["--plugins", folder, "doctor", "--bisect", "open notes", "--expect", "Not signed in"])
        #expect(
            result.stdout.hasPrefix("Culprits: plugins 'pairfetch-one' and 'pairsession-two' together"), "\(result.stdout)\n\(result.stderr)")
        #expect(runs(result) <= 2 * 6 + 3, "⌈log2 64⌉ runs for each of the two, and three more at most: \(result.stderr)")
    }

    @Test func aScriptThatPassesHasNothingToBisect() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(10))
        let result = try ViperProcess().run(["--plugins", folder, "doctor", "--bisect", "open gen/gen-0003", "--expect", "generated module gen-0003"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("The script passes with every plugin on"), "\(result.stdout)")
        #expect(runs(result) == 1)
    }

    @Test func bisectOptionsAreCheckedWithOneLine() throws {
        let viper = ViperProcess()
        let alone = try viper.run(["doctor", "--expect", "x"])
        #expect(alone.status == 64 && alone.stderr.contains("--expect goes with --bisect SCRIPT"), "\(alone.stderr)")
        let elsewhere = try viper.run(["plugins", "--bisect", "where"])
        #expect(elsewhere.status == 64 && elsewhere.stderr.contains("option '--bisect' belongs to 'viper doctor'"))
        let help = try viper.run(["doctor", "--help"])
        #expect(help.stdout.contains("--bisect") && help.stdout.contains("--expect"))
    }
}
