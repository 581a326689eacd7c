import Foundation
import Testing
import ViperTestSupport

/// The slow-start warnings through the built viper: none across 21 alternated runs of the same
/// start on this shared machine, and one naming the plugin when a plugin made a start slow.
@Suite(.tags(.slow)) struct SlowStartWarningTests {
    private func slowLines(_ result: ViperProcess.Result) -> [Substring] {
        result.stderr.split(separator: "\n").filter { $0.contains("this start took") || $0.contains(" to load") }
    }

    @Test func twentyOneAlternatedRunsOfTheSameStartWarnNothing() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(30))
        let viper = ViperProcess()
        _ = try viper.run(["--plugins", folder, "plugins"])  // the cold start: scans and keeps the cache
        for run in 0..<21 {
            // The same start, alternating a session that opens a plugin and a listing.
            let arguments = run % 2 == 0 ? ["--plugins", folder, "-c", "open gen/gen-0007; back"] : ["--plugins", folder, "plugins"]
            let result = try viper.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(slowLines(result).isEmpty, "run \(run): \(result.stderr)")
        }
        let history = try String(contentsOfFile: viper.dataFolder + "/startups", encoding: .utf8)
        #expect(history.split(separator: "\n").count == 5, "the last five starts are kept: \(history)")
    }

    @Test func aStartMadeSlowByANewSlowPluginNamesIt() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(5))
        let viper = ViperProcess()
        for _ in 0..<6 { _ = try viper.run(["--plugins", folder, "plugins"]) }
        // A new plugin whose entry point takes 150 ms: the start scans it, entry point and all.
        try FileManager.default.copyItem(atPath: try GeneratedPlugins.template(), toPath: folder + "/libslow-newcomer.so")
        let result = try viper.run(["--plugins", folder, "plugins"])
        let lines = slowLines(result)
        #expect(lines.count == 2, "\(result.stderr)")
        let start = try #require(lines.first { $0.hasPrefix("warning: this start took ") }, "\(lines)")
        #expect(start.contains("plugin 'slow-newcomer'") && start.contains("scanned: new or changed"), "\(start)")
        let load = try #require(lines.first { $0.contains("to load in the scanner") }, "\(lines)")
        #expect(load.hasPrefix("warning: plugin 'slow-newcomer' took "))
        let again = try viper.run(["--plugins", folder, "plugins"])
        #expect(slowLines(again).isEmpty, "the next start takes it from the cache and warns nothing: \(again.stderr)")
    }
}
