import Foundation
import Testing
@testable import ViperCommandLine
@testable import ViperLoading
@testable import ViperRuntime
import ViperHostTestSupport
import ViperTestSupport

/// A warm start (the descriptor cache's index answers, the kept graph is keyed by the index's
/// digest) reports what a cold start over the same folder reports: the same records, problems,
/// dependencies, routes, `plugins` and `doctor` output, also after a plugin was changed, one
/// added and one removed.
@Suite struct ColdWarmEquivalenceTests {
    private func options(_ folders: TestRuntime.Folders) -> RuntimeOptions {
        var options = TestRuntime.options(folders, preferences: ["Contracts.NoteStore": "greeter"])
        options.scanMode = .isolated
        options.scannerExecutable = BuildProducts.viper
        return options
    }

    /// Everything a start reports, in a form that compares.
    private func report(_ runtime: HostRuntime) -> [String] {
        runtime.problems.map { "problem \($0.kind) \($0.plugin ?? "-") \($0.contract ?? "-") \($0.message)" }
            + runtime.records.map { "record \($0.path) \($0.name ?? "-") \($0.status) \($0.reason ?? "-") \($0.overridden)" }
            + runtime.dependencies.map { "dependency \($0.plugin) \($0.registration) \($0.requirement) \($0.providedBy ?? "-") \($0.adapters)" }
            + runtime.registry.routeEntries.map { "route \($0.spec.pattern) \($0.plugin)" }.sorted()
            + ["doctor", PluginReport.doctorText(runtime), "plugins", PluginReport.pluginsJSON(runtime)]
    }

    /// A cold start over `folders`: nothing cached, nothing kept.
    private func coldReport(_ folders: TestRuntime.Folders) throws -> [String] {
        for file in [DescriptorCache.fileName, DescriptorCache.Graph.fileName] {
            unlink(folders.data + "/" + file)
        }
        return report(try TestRuntime.start(options(folders)))
    }

    private func keptGraph(_ folders: TestRuntime.Folders) -> UInt64? {
        FileStamp.read(folders.data + "/" + DescriptorCache.Graph.fileName)?.inode
    }

    @Test func aWarmStartOfAnUnchangedFolderReportsWhatAColdStartReports() throws {
        let folders = try TestRuntime.makeFolders(bundled: ["Notes", "Greeter", "Todo"])
        let cold = report(try TestRuntime.start(options(folders)))
        let kept = try #require(keptGraph(folders))
        let warm = report(try TestRuntime.start(options(folders)))
        #expect(keptGraph(folders) == kept, "the cold start's graph is keyed as the warm start keys it")
        #expect(warm == cold)
        #expect(cold.contains { $0.hasPrefix("problem ") }, "the folder has problems to compare: \(cold)")
    }

    @Test func aWarmStartAfterAChangedAnAddedAndARemovedPluginReportsWhatAColdStartReports() throws {
        let folders = try TestRuntime.makeFolders(bundled: ["Notes", "Greeter", "Todo"])
        _ = try TestRuntime.start(options(folders))
        // Changed: another plugin's bytes at Greeter's path. Added: NoteStorage. Removed: Todo.
        let changed = folders.bundled + "/libGreeterPlugin.so"
        try FileManager.default.removeItem(atPath: changed)
        try FileManager.default.copyItem(atPath: BuildProducts.plugin("Articles"), toPath: changed)
        try TemporaryFolder.link(BuildProducts.plugin("NoteStorage"), as: "libNoteStoragePlugin.so", in: folders.bundled)
        try FileManager.default.removeItem(atPath: folders.bundled + "/libTodoPlugin.so")

        let afterChange = report(try TestRuntime.start(options(folders)))
        let kept = try #require(keptGraph(folders))
        let warm = report(try TestRuntime.start(options(folders)))
        #expect(keptGraph(folders) == kept, "nothing changed since: the kept graph is used")
        let cold = try coldReport(folders)
        #expect(afterChange == cold)
        #expect(warm == cold)
        #expect(cold.contains { $0.hasPrefix("record \(changed) articles") }, "the changed file is read as what it is now: \(cold)")
        #expect(!cold.contains { $0.contains("libTodoPlugin.so") })
        #expect(cold.contains { $0.contains("libNoteStoragePlugin.so") })
    }
}
