import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ViperCommandLine
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// Live plugins in one process, with real binaries: a new version takes over new builds while
/// the module on screen keeps the code it was built with; broken, new and removed files.
@Suite struct LiveReloadTests {
    static let removedNotice = "removed live: its routes are withdrawn; modules on screen keep working until they close"

    @Test func aNewVersionServesNewBuildsAndTheModuleOnScreenKeepsItsCode() throws {
        let folder = try TemporaryFolder.make("live")
        let path = try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let stack = NavigationStack(registry: runtime.registry)
        try stack.open(path: "live")
        #expect(LiveFixture.drawn(stack) == ["text: version one drawn; service says version one"])
        #expect(runtime.reloadAll().notices.isEmpty, "nothing changed yet")

        try LiveFixture.install(try LiveFixture.build(text: "version two"), in: folder)
        let report = runtime.reloadAll()
        #expect(report.notices == ["reloaded live (version 2; 1 older image still mapped)"])
        #expect(report.retry.isEmpty)
        #expect(LiveFixture.drawn(stack) == ["text: version one drawn; service says version one"], "built by version 1")
        // Version 1's code asks for its own LiveCounter type: version 2's has another type identity.
        try stack.top?.view.perform(CommandInvocation(name: "ask", arguments: [], rest: ""))
        // Found under its name, not under its type: a contract declared inside a plugin belongs to one version.
        #expect(LiveFixture.drawn(stack).last?.hasPrefix("text: asked: LiveScreen (live) asked for Live.LiveCounter, which no loaded plugin provides (registered: Live.LiveCounter)") == true,
                "\(LiveFixture.drawn(stack))")
        try stack.open(path: "live")
        #expect(LiveFixture.drawn(stack) == ["text: version two drawn; service says version two"])
        try stack.top?.view.perform(CommandInvocation(name: "ask", arguments: [], rest: ""))
        #expect(LiveFixture.drawn(stack).last == "text: asked: version two")
        let record = try #require(runtime.record(at: path))
        #expect(record.version == 2 && record.olderImages == 1 && record.status == .loaded)
        #expect(runtime.reloadAll().isEmpty, "an unchanged file is not scanned again")
    }

    @Test func aBrokenVersionLeavesTheOneBeforeServing() throws {
        let folder = try TemporaryFolder.make("live")
        try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        try LiveFixture.install(try LiveFixture.build(text: "version two"), in: folder)
        #expect(runtime.reloadAll().notices == ["reloaded live (version 2; no older image mapped)"], "version 1 was never loaded")

        try LiveFixture.install(try LiveFixture.build(text: "version three", broken: true), in: folder)
        #expect(runtime.reloadAll().notices == [
            "live changed but was not reloaded: plugin 'live' failed to register: version three is broken; fix the plugin or remove it; version 2 keeps serving",
        ])
        let stack = NavigationStack(registry: runtime.registry)
        try stack.open(path: "live")
        #expect(LiveFixture.drawn(stack) == ["text: version two drawn; service says version two"])
        #expect(runtime.record(named: "live")?.version == 2)
        #expect(runtime.reloadAll().isEmpty, "the same broken file is not reported twice")
    }

    @Test func aNewPluginAppearsAndARemovedOneIsWithdrawn() throws {
        let folder = try TemporaryFolder.make("live")
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let stack = NavigationStack(registry: runtime.registry)
        #expect(throws: NavigationError.self) { try stack.open(path: "shelf") }

        let path = try LiveFixture.install(try LiveFixture.build(text: "shelf one", name: "shelf", route: "shelf", module: "LiveShelf"),
                                           in: folder, as: "libShelf.so")
        #expect(runtime.reloadAll().notices == ["added shelf: routes shelf"])
        #expect(runtime.registry.routeEntries.map(\.spec.pattern) == ["shelf"])
        try stack.open(path: "shelf")
        #expect(LiveFixture.drawn(stack) == ["text: shelf one drawn; service says shelf one"])

        try FileManager.default.removeItem(atPath: path)
        #expect(runtime.reload(changed: [path]).notices == [
            "removed shelf: its routes are withdrawn; modules on screen keep working until they close",
        ])
        #expect(runtime.registry.routeEntries.isEmpty)
        #expect(runtime.record(at: path) == nil)
        #expect(LiveFixture.drawn(stack) == ["text: shelf one drawn; service says shelf one"], "the module on screen keeps working")
        let error = try #require(throws: NavigationError.self) { try stack.open(path: "shelf") }
        #expect("\(error)".contains("plugin 'shelf' was removed while viper ran"), "\(error)")
    }

    @Test func aFileWrittenInPlaceIsReloadedAndTheRunningImageIsUntouched() throws {
        let folder = try TemporaryFolder.make("live")
        let path = try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let stack = NavigationStack(registry: runtime.registry)
        try stack.open(path: "live")
        let inode = try #require(FileStamp.read(path)).inode

        try LiveFixture.overwrite(path, with: try LiveFixture.build(text: "version two"))
        #expect(try #require(FileStamp.read(path)).inode == inode, "the same file, written in place")
        #expect(runtime.reloadAll().notices == ["reloaded live (version 2; 1 older image still mapped)"])
        // Version 1 was loaded from a sealed copy: the bytes written over its file are not its code.
        #expect(LiveFixture.drawn(stack) == ["text: version one drawn; service says version one"])
        try stack.open(path: "live")
        #expect(LiveFixture.drawn(stack) == ["text: version two drawn; service says version two"])
    }

    @Test func aFileStillBeingWrittenIsRetriedNotLoaded() throws {
        let folder = try TemporaryFolder.make("live")
        try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let whole = try Data(contentsOf: URL(fileURLWithPath: try LiveFixture.build(text: "version two")))
        let path = folder + "/libLive.so"
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: path))  // a copy cut short, written just now

        let report = runtime.reload(changed: [path])
        #expect(report.notices.isEmpty && report.isEmpty)
        #expect(report.retry == [path])
        #expect(report.waiting == ["\(path): still being written; will retry"])
        #expect(runtime.record(named: "live")?.version == 1)

        try whole.write(to: URL(fileURLWithPath: path))
        #expect(runtime.reload(changed: report.retry).notices == ["reloaded live (version 2; no older image mapped)"])
    }

    @Test func aRemovedFileWithdrawsItsContracts() throws {
        let folder = try TemporaryFolder.make("live")
        let path = try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        try FileManager.default.removeItem(atPath: path)
        #expect(runtime.reloadAll().notices == [Self.removedNotice])
        #expect(runtime.records.isEmpty)
        #expect(runtime.registry.routeEntries.isEmpty)
        try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        #expect(runtime.reloadAll().notices == ["added live: routes live"], "put back, it is a new plugin again")
    }
}

/// `viper plugins` and `doctor` of a runtime that reloaded a plugin.
@Suite struct LiveReloadReportTests {
    @Test func theReportsShowTheVersionServingAndTheOlderImages() throws {
        let folder = try TemporaryFolder.make("live")
        try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        #expect(!PluginReport.pluginsText(runtime).contains("live:  "), "nothing to say before a reload")
        try NavigationStack(registry: runtime.registry).open(path: "live")
        for text in ["version two", "version three"] {
            try LiveFixture.install(try LiveFixture.build(text: text), in: folder)
            #expect(runtime.reloadAll().notices.count == 1)
        }
        #expect(PluginReport.pluginsText(runtime).contains("\n  live:      version 3 since viper started (2 older images still mapped)\n"))
        #expect(PluginReport.doctorText(runtime).contains("reloaded: live is at version 3 since viper started (2 older images still mapped)\n"))
        #expect(PluginReport.pluginsJSON(runtime).contains("\"liveVersion\" : 3"))
        #expect(PluginReport.pluginsJSON(runtime).contains("\"olderImages\" : 2"))
        #expect(PluginReport.doctorJSON(runtime).contains("\"liveVersion\" : 3"))
    }
}
