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
/// added and one removed, and when the cache found is of the index format before (rebuilt whole).
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

    /// `bytes` (an index of this format) as index format 6 wrote it: its format word 6 and, in the
    /// byte after each record's outcome, the flag that said its plugin may declare an interceptor.
    private func formatSix(_ bytes: [UInt8]) throws -> [UInt8] {
        let index = try DescriptorIndex.read(bytes).get()
        var older = bytes
        older.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(6).littleEndian, toByteOffset: 8, as: UInt32.self) }
        for record in 0..<index.count {
            guard case .ok(let scanned)? = index.result(record)?.outcome, scanned.descriptor.provides.contains(where: { $0.kind == .interceptor })
            else { continue }
            older[DescriptorIndex.headerSize + record * DescriptorIndex.recordSize + 89] = 1
        }
        older.replaceSubrange(32..<64, with: Array(DescriptorIndex.digest(older).utf8))
        return older
    }

    @Test func aCacheOfTheFormatBeforeIsRebuiltAndTheStartReportsWhatAColdStartReports() throws {
        let folders = try TestRuntime.makeFolders(bundled: ["Notes", "Greeter", "Todo", "Account"])
        let cold = try coldReport(folders)
        let path = folders.data + "/" + DescriptorCache.fileName
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let entries = try #require(DescriptorCache.parse(bytes: written)).entries
        let older = try formatSix(written)
        #expect(older[DescriptorIndex.headerSize...] != written[DescriptorIndex.headerSize...], "Account's record carries its flag")
        try Data(older).write(to: URL(fileURLWithPath: path))

        let rebuilt = report(try TestRuntime.start(options(folders)))
        #expect(rebuilt == cold, "the start works as a cold one")
        let read = try #require(DescriptorCache.parse(Data(contentsOf: URL(fileURLWithPath: path))), "rewritten in this format")
        #expect(read.format == DescriptorCache.formatVersion)
        #expect(read.entries == entries, "every file's result is in the cache again")
        let scanLines = { try String(contentsOfFile: folders.data + "/viper.log", encoding: .utf8).components(separatedBy: "scanned \(entries.count) files").count - 1 }
        #expect(try scanLines() == 2, "the cold start and the start that found the older cache scanned every file")
        #expect(try !String(contentsOfFile: folders.data + "/viper.log", encoding: .utf8).contains("plugin cache is unreadable"), "stale, not damaged")

        #expect(report(try TestRuntime.start(options(folders))) == cold)
        #expect(try scanLines() == 2, "the next start is warm again")
    }
}
