import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// Adapters of every shape through the built `viper`, with real plugins loaded lazily
/// (Tests/Fixtures/Adapters; the contracts are in FixtureContracts.swift): what `doctor`
/// accepts opens, and what cannot open is what `doctor` reports, in the same words
/// (``ServingPath`` is their one definition). Only the plugins on a chain are loaded.
@Suite struct AdapterShapeTests {
    private func rule(_ title: String) -> String {
        "── \(title) " + String(repeating: "─", count: max(3, 60 - title.count - 4))
    }

    /// Every working shape: the consumer (with the Banner and Welcome adapters), the Panel
    /// provider, Poster's glue, and Greeting adapted from Salutation.
    private func working() throws -> [String] {
        try [Fixtures.shapes(), Fixtures.panel(), Fixtures.glue(), Fixtures.adapter(), Fixtures.salutation()]
            .flatMap { ["--plugins", $0] }
    }

    /// Runs `viper -c COMMANDS` and returns the result with the plugins loaded, in load order.
    private func session(_ plugins: [String], _ commands: String) throws -> (ViperProcess.Result, loaded: [String]) {
        let process = ShellProcess()
        let result = try process.run(plugins + ["-c", commands])
        let log = (try? String(contentsOfFile: process.dataFolder + "/viper.log", encoding: .utf8)) ?? ""
        let loaded = log.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "[loader] loaded ") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
        return (result, loaded)
    }

    // MARK: Shapes that work, opened through the shell

    @Test func aModuleAdapterInTheConsumerLoadsTheProvidingPluginOnFirstUse() throws {
        let (result, loaded) = try session(try working(), "open banner")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == """
            \(rule("Home › Shape"))
            Banner of Panel from fixture-panel

              ┌ Panel
              │ Panel from fixture-panel
              └

            Commands: back, help

            """)
        #expect(loaded == ["fixture-shapes", "fixture-panel"], "the adapter's source plugin is loaded, and nothing else")
    }

    @Test func aChainOfTwoModuleAdaptersLoadsEveryPluginOnTheWay() throws {
        let (result, loaded) = try session(try working(), "open poster")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == """
            \(rule("Home › Shape"))
            Poster of Banner of Panel from fixture-panel

              ┌ Panel
              │ Panel from fixture-panel
              └

            Commands: back, help

            """)
        #expect(loaded == ["fixture-shapes", "fixture-glue", "fixture-panel"])
    }

    @Test func aServiceAdapterInAnotherPluginLoadsItAndItsSource() throws {
        let (result, loaded) = try session(try working(), "open greeting")
        #expect(result.stderr == "")
        #expect(result.stdout == "\(rule("Home › Shape"))\nGood day\n\nCommands: back, help\n")
        #expect(loaded == ["fixture-shapes", "fixture-adapter", "fixture-salutation"])
    }

    @Test func aChainOfTwoServiceAdaptersResolves() throws {
        let (result, loaded) = try session(try working(), "open welcome")
        #expect(result.stderr == "")
        #expect(result.stdout == "\(rule("Home › Shape"))\nWelcome: Good day\n\nCommands: back, help\n")
        #expect(loaded == ["fixture-shapes", "fixture-adapter", "fixture-salutation"])
    }

    @Test func aRouteOpensTheSameWhetherTheProviderWasLoadedBeforeOrNot() throws {
        let (result, loaded) = try session(try working(), "open panel; back; open banner")
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("""
            \(rule("Home › Shape"))
            Banner of Panel from fixture-panel

              ┌ Panel
              │ Panel from fixture-panel
              └

            Commands: back, help

            """))
        #expect(loaded == ["fixture-panel", "fixture-shapes"])
    }

    // MARK: The same shapes judged by doctor

    @Test func doctorAcceptsEveryWorkingShapeAndNamesTheEndOfEachChain() throws {
        let plugins = try working()
        let doctor = try ShellProcess().run(["doctor"] + plugins)
        #expect(doctor.status == 0)
        #expect(doctor.stdout == "ok: 5 plugin(s) ready, every requirement has a provider\n")
        let json = try DoctorReport.decode(try ShellProcess().run(["doctor", "--json"] + plugins).stdout)
        let served = json.dependencies.map { "\($0.registration) \($0.requirement.kind) \($0.requirement.contract) ← \($0.providedBy ?? "-") as \($0.adaptedFrom ?? "-")" }
        #expect(served == [
            "ShapesPlugin.ShapeScreen[banner] module FixtureContracts.Banner ← fixture-panel as FixtureContracts.Panel",
            "ShapesPlugin.ShapeScreen[poster] module FixtureContracts.Poster ← fixture-panel as FixtureContracts.Panel",
            "ShapesPlugin.ShapeScreen[greeting] service FixtureContracts.Greeting ← fixture-salutation as FixtureContracts.Salutation",
            "ShapesPlugin.ShapeScreen[welcome] service FixtureContracts.Welcome ← fixture-salutation as FixtureContracts.Salutation",
        ])
        let poster = try #require(json.dependencies.first { $0.registration == "ShapesPlugin.ShapeScreen[poster]" })
        #expect(poster.adapters == ["fixture-glue", "fixture-shapes"], "Poster from Banner (glue), then Banner from Panel (shapes)")
    }

    @Test func theGraphAroundTheConsumerShowsEveryPluginOnAChain() throws {
        let result = try ShellProcess().run(["graph", "fixture-shapes"] + (try working()))
        #expect(result.status == 0, "\(result.stderr)")
        let plugins = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains("[") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(plugins == ["fixture-shapes", "fixture-panel", "fixture-glue", "fixture-adapter", "fixture-salutation"],
                "glue adapts Poster from Banner, the middle of the chain: it is one edge away too")
    }

    @Test func withoutTheProviderDoctorNamesTheChainAndTheShellSaysTheSame() throws {
        let shapes = try Fixtures.shapes(), glue = try Fixtures.glue()
        let plugins = ["--plugins", shapes, "--plugins", glue]
        let reason = "ShapesPlugin.ShapeScreen[banner] requires module FixtureContracts.Banner, which no plugin provides ('fixture-shapes' adapts it from FixtureContracts.Panel, which no enabled plugin provides either); install a plugin that provides it"
        let doctor = try ShellProcess().run(["doctor"] + plugins)
        #expect(doctor.status == 1)
        #expect(doctor.stdout == """
            problem: \(shapes): plugin 'fixture-shapes' is disabled: \(reason)
            1 problem(s); 1 plugin(s) ready, 1 disabled

            """)
        let (result, loaded) = try session(plugins, "open banner")
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").last == "error: cannot open 'banner': plugin 'fixture-shapes' is disabled: \(reason); type 'doctor' for every problem")
        #expect(loaded.isEmpty)
    }

    @Test func aCycleOfAdaptersIsADoctorProblemAndTheRouteSaysWhy() throws {
        let loop = try Fixtures.loop()
        let reason = "BrokenShapePing.BrokenShapeScreen requires module FixtureContracts.Ping, which no plugin provides ('fixture-loop' adapts it from FixtureContracts.Pong, 'fixture-loop' adapts FixtureContracts.Pong from FixtureContracts.Ping: these adapters form a cycle (FixtureContracts.Ping → FixtureContracts.Pong → FixtureContracts.Ping) and no enabled plugin provides any of them; provide one of them, or remove an adapter)"
        let doctor = try ShellProcess().run(["doctor", "--plugins", loop])
        #expect(doctor.status == 1)
        #expect(doctor.stdout == """
            problem: \(loop): plugin 'fixture-loop' is disabled: \(reason)
            1 problem(s); 0 plugin(s) ready, 1 disabled

            """)
        let (result, _) = try session(["--plugins", loop], "open ping")
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").last == "error: cannot open 'ping': plugin 'fixture-loop' is disabled: \(reason); type 'doctor' for every problem")
    }

    @Test func anAdapterWhoseSourceNothingProvidesIsADoctorProblemAndTheRouteSaysWhy() throws {
        let orphan = try Fixtures.orphan()
        let reason = "BrokenShapeOrphan.BrokenShapeScreen requires module FixtureContracts.Orphan, which no plugin provides ('fixture-orphan' adapts it from FixtureContracts.Absent, which no enabled plugin provides either); install a plugin that provides it"
        let doctor = try ShellProcess().run(["doctor", "--plugins", orphan])
        #expect(doctor.status == 1)
        #expect(doctor.stdout == """
            problem: \(orphan): plugin 'fixture-orphan' is disabled: \(reason)
            1 problem(s); 0 plugin(s) ready, 1 disabled

            """)
        let (result, _) = try session(["--plugins", orphan], "open orphan")
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").last == "error: cannot open 'orphan': plugin 'fixture-orphan' is disabled: \(reason); type 'doctor' for every problem")
    }
}
