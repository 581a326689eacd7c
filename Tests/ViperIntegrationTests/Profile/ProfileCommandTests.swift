import Foundation
import Testing
import ViperTestSupport

/// `viper plugins --profile` and the shell's `profile`, driven through the built viper with
/// generated plugins: a slow loader, a heavy builder, and plain ones.
@Suite struct ProfileCommandTests {
    /// The JSON `viper plugins --profile --json` prints, as the tests read it.
    struct Report: Decodable {
        struct Timed: Decodable {
            let seconds: Double
            let count: Int
        }

        struct Load: Decodable {
            let seconds: Double
            let entry: Double
            let opening: Double
            let cause: String
            let duringStart: Bool
        }

        struct Row: Decodable {
            let name: String
            let status: String
            let scan: Double?
            let cached: Bool
            let load: Load?
            let builds: Timed
            let mappedBytes: UInt64?
            let total: Double
            let startShare: Double
            let crashes: Int
            let lastCrash: String?
        }

        struct Startup: Decodable {
            let seconds: Double?
            let plugins: Double
            let other: Double?
            let scanned: Int
            let cached: Int
        }

        let startup: Startup
        let plugins: [Row]
    }

    private func profile(_ viper: ViperProcess, folder: String) throws -> Report {
        let result = try viper.run(["--plugins", folder, "plugins", "--profile", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
    }

    @Test func theProfileNamesTheSlowLoaderFirstWithItsEntryPointsTimeAndEveryPluginsShare() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(8) + ["slow-loader"])
        let viper = ViperProcess()
        let cold = try profile(viper, folder: folder)
        let slow = try #require(cold.plugins.first)
        #expect(slow.name == "slow-loader", "sorted by total: \(cold.plugins.map(\.name))")
        let load = try #require(slow.load)
        // Its entry point sleeps 150 ms, in the scanner and again when loaded.
        #expect(load.entry >= 0.15 && load.seconds >= load.entry)
        #expect(load.cause.contains("viper plugins --profile") && !load.duringStart)
        #expect(try #require(slow.scan) >= 0.15, "the cold start scanned it, entry point and all")
        #expect((slow.mappedBytes ?? 0) > 0, "its image is mapped")
        #expect(cold.plugins.map(\.total) == cold.plugins.map(\.total).sorted(by: >))
        // The start-up's total is the plugins' shares and the rest, as the rows add up.
        let total = try #require(cold.startup.seconds)
        let shares = cold.plugins.reduce(0) { $0 + $1.startShare }
        #expect(abs(shares - cold.startup.plugins) <= 0.05 * total)
        #expect(abs(shares + (cold.startup.other ?? 0) - total) <= 0.05 * total)
        #expect(shares <= total * 1.05, "no plugin time is counted twice")
        #expect(cold.startup.scanned == 9 + 6 || cold.startup.scanned >= 9, "\(cold.startup)")

        let warm = try profile(viper, folder: folder)
        let again = try #require(warm.plugins.first { $0.name == "slow-loader" })
        #expect(again.scan == nil && again.cached, "a warm start takes it from the cache")
        #expect(warm.startup.scanned == 0)
    }

    @Test func theShellsProfileShowsTheHeavyBuilderAndWhyEachPluginLoaded() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(4) + ["heavy-builder"])
        let viper = ViperProcess()
        let result = try viper.run(["--plugins", folder, "-c", "open gen/gen-0002; back; open gen/heavy-builder; profile"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("PLUGIN") && $0.contains("BUILDERS") })
        #expect(lines[header + 1].trimmingCharacters(in: .whitespaces).hasPrefix("heavy-builder"), "heaviest first: \(lines[header...])")
        #expect(lines[header + 1].contains("(1)"), "one build measured: \(lines[header + 1])")
        #expect(lines.contains { $0.contains("loaded at") && $0.contains("for command 'open gen/heavy-builder'") }, "\(result.stdout)")
        #expect(lines.contains { $0.contains("loaded at") && $0.contains("for command 'open gen/gen-0002'") })
        #expect(lines.contains { $0.hasPrefix("Start-up: ") })
        #expect(!lines.contains { $0.contains("gen-0003") && $0.contains("loaded at") }, "a plugin never used never loaded")
    }

    @Test func theShellsProfileInJSONChargesTheHeavyBuilderAtLeastItsWork() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(2) + ["heavy-builder"])
        let result = try ViperProcess().run(["--plugins", folder, "-c", "open gen/heavy-builder; back; open gen/gen-0001; profile json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.stdout.range(of: "\n{\n").map { String(result.stdout[$0.lowerBound...]) })
        let report = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        let heavy = try #require(report.plugins.first)
        #expect(heavy.name == "heavy-builder")
        // Its builder works 40 ms of CPU time, which takes at least as long on the clock.
        #expect(heavy.builds.count == 1 && heavy.builds.seconds >= 0.04)
        let plain = try #require(report.plugins.first { $0.name == "gen-0001" })
        #expect(plain.builds.count == 1 && plain.builds.seconds < heavy.builds.seconds)
        #expect(report.plugins.first { $0.name == "gen-0002" }?.load == nil, "never used, never loaded")
    }

    @Test func aPluginThatTakesOver100MsToLoadGetsOneWarningNamingIt() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(3) + ["slow-loader"])
        let viper = ViperProcess()
        let result = try viper.run(["--plugins", folder, "-c", "open gen/gen-0001; back; open gen/slow-loader; back; open gen/slow-loader"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("to load (") }
        #expect(warnings.count == 1, "\(result.stderr)")
        // This start scanned it too (a fresh data folder), and its entry point ran in the scanner.
        #expect(result.stderr.contains("warning: plugin 'slow-loader' took "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("to load in the scanner") }.count == 1, "\(result.stderr)")
        #expect(warnings.first?.hasPrefix("warning: plugin 'slow-loader' took ") == true)
        #expect(warnings.first?.contains("for command 'open gen/slow-loader'") == true)
    }

    @Test func theProfileOf1000PluginsListsEachOnce() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(1000))
        let report = try profile(ViperProcess(), folder: folder)
        let generated = report.plugins.filter { $0.name.hasPrefix("gen-") }
        #expect(generated.count == 1000 && Set(generated.map(\.name)).count == 1000)
        #expect(generated.allSatisfy { $0.load != nil && $0.status == "loaded" })
    }

    @Test func theProfileShowsThePluginsRememberedCrashes() throws {
        let folder = try GeneratedPlugins.folder(GeneratedPlugins.names(3))
        let viper = ViperProcess()
        try FileManager.default.createDirectory(atPath: viper.dataFolder + "/crashes", withIntermediateDirectories: true)
        let memory = """
            {"plugins": {"gen-0002": {"version": "1.0.0", "path": "\(folder)/libgen-0002.so", "count": 2,
             "lastCause": "SIGILL: fatal error: a fault on purpose", "lastDoing": "running command 'fault'", "lastTime": 0}}}
            """
        try memory.write(toFile: viper.dataFolder + "/crashes/memory.json", atomically: true, encoding: .utf8)
        let report = try profile(viper, folder: folder)
        let crashed = try #require(report.plugins.first { $0.name == "gen-0002" })
        #expect(crashed.crashes == 2 && crashed.lastCrash == "SIGILL: fatal error: a fault on purpose")
        #expect(report.plugins.filter { $0.name != "gen-0002" }.allSatisfy { $0.crashes == 0 })
        let text = try viper.run(["--plugins", folder, "plugins", "--profile"])
        #expect(text.stdout.contains("crashed 2 times, last: SIGILL: fatal error: a fault on purpose"), "\(text.stdout)")
    }

    @Test func profileOptionsAreCheckedWithOneLine() throws {
        let viper = ViperProcess()
        let wrong = try viper.run(["doctor", "--profile"])
        #expect(wrong.status == 64 && wrong.stderr.contains("option '--profile' belongs to 'viper plugins'"))
        let both = try viper.run(["plugins", "--profile", "--lock"])
        #expect(both.status == 64 && both.stderr.contains("takes no --lock"))
        let help = try viper.run(["plugins", "--help"])
        #expect(help.stdout.contains("--profile"))
    }
}
