import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

@Suite(.tags(.slow)) struct CheckCommandTests {
    private func check(_ library: String, json: Bool = false) throws -> ViperProcess.Result {
        try ViperProcess().run(["check", library] + (json ? ["--json"] : []))
    }

    private func kitFixture(_ name: String) throws -> String {
        try Fixtures.swift("Kit/\(name).swift", module: name)
    }

    @Test func everyBundledPluginPassesTheConformanceKit() throws {
        let libraries = try FileManager.default.contentsOfDirectory(atPath: BuildProducts.directory)
            .filter { $0.hasPrefix("lib") && $0.hasSuffix("Plugin.so") }.sorted()
        #expect(libraries.contains("libGreeterPlugin.so"))
        for library in libraries {
            let result = try check(BuildProducts.directory + "/" + library)
            #expect(result.status == 0, "\(library):\n\(result.stdout)\(result.stderr)")
        }
    }

    @Test func aPluginThatLeaksItsPresenterFailsReleasedAfterRemoval() throws {
        let result = try check(try kitFixture("LeakyPresenterPlugin"))
        #expect(result.status == 1)
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("fail  [LeakyInput] released-after-removal: ") }
        #expect(line?.contains("LeakyPresenter") == true, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("fixture-leaky does not conform\n"))
    }

    @Test func aPluginThatBuildsTheSameInstanceTwiceFailsFreshInstance() throws {
        let result = try check(try kitFixture("SharedInstancePlugin"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [SharedInput] fresh-instance: two builds returned the same SharedView, SharedPresenter"),
                "\(result.stdout)")
    }

    @Test func aNoteEditorThatNeverCallsItsOutputFailsSaveReportsToOutput() throws {
        let result = try check(try kitFixture("SilentEditorPlugin"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("pass  [NoteEditing] shows-configured-note\n"), "\(result.stdout)")
        #expect(result.stdout.contains("fail  [NoteEditing] save-reports-to-output: expected noteEditorDidSave(_:) after 'save', but the editor never called its output; report every save through output\n"),
                "\(result.stdout)")
    }

    @Test func aPluginThatCrashesIsReportedAtTheCheckThatWasRunning() throws {
        let result = try check(try kitFixture("CrashingBuilderPlugin"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [CrashingInput] builds: crashed with SIG"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("fixture-crashing does not conform\n"))
    }

    @Test func jsonNamesEveryCheckWithItsResult() throws {
        let result = try check(try kitFixture("LeakyPresenterPlugin"), json: true)
        #expect(result.status == 1)
        struct Report: Decodable {
            struct Check: Decodable {
                let check: String
                let subject: String
                let passed: Bool
                let reason: String?
            }
            let conforms: Bool
            let checks: [Check]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(!report.conforms)
        #expect(report.checks.filter { !$0.passed }.map(\.check) == ["released-after-removal"])
        #expect(report.checks.contains { $0.check == "builds" && $0.subject == "LeakyInput" && $0.passed })
    }

    @Test func aFileThatIsNotThereFailsLoads() throws {
        let result = try check("/nonexistent/libNothing.so")
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [plugin] loads: no such file"), "\(result.stdout)")
    }

    @Test func withoutAPathItIsAUsageError() throws {
        let result = try ViperProcess().run(["check"])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: 'viper check' needs the path of a built plugin, e.g. 'viper check .build/debug/libCounterPlugin.so'\n")
    }
}
