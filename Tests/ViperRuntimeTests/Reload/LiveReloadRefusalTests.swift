import Foundation
import Testing
@testable import ViperCore
@testable import ViperRuntime
import ViperTestSupport

/// What start-up refuses, a reload refuses with the same words: a new file gets start-up's
/// problem line, a changed one says why and its version that served keeps serving.
@Suite struct LiveReloadRefusalTests {
    /// The reason a fresh start-up gives for the file at `path` in `folder`, and its problem line.
    static func startupVerdict(folder: String, path: String, folders: TestRuntime.Folders? = nil) throws -> (reason: String?, line: String?) {
        let (fresh, _) = try LiveFixture.runtime(folder: folder, folders: folders)
        return (fresh.record(at: path)?.reason, fresh.problemLines.first { $0.hasPrefix(path + ": ") })
    }

    @Test func anUntrustedNewFileGetsStartUpsLine() throws {
        let folder = try TemporaryFolder.make("live")
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let path = try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        chmod(path, 0o664)
        let notices = runtime.reloadAll().notices
        let startup = try Self.startupVerdict(folder: folder, path: path)
        #expect(startup.line?.contains("can be written by its group") == true, "\(startup)")
        #expect(notices == [startup.line].compactMap { $0 })
        #expect(runtime.record(at: path)?.status == .disabled)
        #expect(runtime.registry.routeEntries.isEmpty)
        #expect(runtime.reloadAll().isEmpty, "refused once, not again while it stays as it is")

        chmod(path, 0o755)
        #expect(runtime.reloadAll().notices == ["added live: routes live"], "a chmod is a change")
        #expect(!runtime.problemLines.contains { $0.hasPrefix(path) }, "its problem went with it")
    }

    @Test func anUntrustedNewVersionLeavesTheOldOneServing() throws {
        let folder = try TemporaryFolder.make("live")
        let path = try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let stack = NavigationStack(registry: runtime.registry)
        try stack.open(path: "live")  // loads version 1
        try LiveFixture.install(try LiveFixture.build(text: "version two"), in: folder)
        chmod(path, 0o666)
        let reason = try #require(try Self.startupVerdict(folder: folder, path: path).reason)
        #expect(runtime.reloadAll().notices == ["live changed but was not reloaded: \(reason); version 1 keeps serving"])
        try stack.open(path: "live")
        #expect(LiveFixture.drawn(stack) == ["text: version one drawn; service says version one"])
    }

    @Test func aVersionNotInThePluginLockIsRefusedAsAtStartUp() throws {
        let folder = try TemporaryFolder.make("live")
        let path = try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (first, folders) = try LiveFixture.runtime(folder: folder)
        _ = try first.writeLock()
        let (runtime, _) = try LiveFixture.runtime(folder: folder, folders: folders)
        #expect(runtime.record(at: path)?.status == .ready, "version 1 is pinned")

        try LiveFixture.install(try LiveFixture.build(text: "version two"), in: folder)
        let reason = try #require(try Self.startupVerdict(folder: folder, path: path, folders: folders).reason)
        #expect(reason.contains("plugins.lock"), "\(reason)")
        // Version 1 was never loaded (plugins load on first use), and its file is what changed.
        #expect(runtime.reloadAll().notices == [
            "live changed but was not reloaded: \(reason); version 1 was never loaded, so live is unavailable until a version that loads is in place",
        ])
        let error = try #require(throws: NavigationError.self) { try NavigationStack(registry: runtime.registry).open(path: "live") }
        #expect("\(error)".contains(reason), "\(error)")

        let other = try LiveFixture.install(try LiveFixture.build(text: "shelf", name: "shelf", route: "shelf", module: "LiveShelf"),
                                            in: folder, as: "libShelf.so")
        let line = try #require(try Self.startupVerdict(folder: folder, path: other, folders: folders).line)
        #expect(runtime.reloadAll().notices == [line], "a new file the lock does not pin")
    }

    @Test func aPluginForAnotherContractsVersionIsRefusedAsAtStartUp() throws {
        let folder = try TemporaryFolder.make("live")
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let path = folder + "/libOther.so"
        try FileManager.default.copyItem(atPath: try Fixtures.c("OtherABIPlugin.c"), toPath: path)
        let line = try #require(try Self.startupVerdict(folder: folder, path: path).line)
        #expect(line.contains("Contracts"), "\(line)")
        #expect(runtime.reloadAll().notices == [line])
    }

    @Test func aVersionThatWouldBreakAnotherPluginIsRefused() throws {
        let folder = try TemporaryFolder.make("live")
        let provides = try LiveFixture.build(text: "version one",
            registrations: "registrar.registerModule(ArticleListing.self, builder: LiveBuilder())",
            types: "extension LiveView: ArticleListing { func useSource(_ url: String) {} }")
        try LiveFixture.install(provides, in: folder)
        try LiveFixture.install(try LiveFixture.build(text: "needer", name: "needer", route: "needer", module: "LiveNeeder",
            registrations: "registrar.registerModule(NoteListing.self, requires: [.module(ArticleListing.self)], builder: LiveBuilder())",
            types: "extension LiveView: NoteListing { func reloadNotes() {} }"), in: folder, as: "libNeeder.so")
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        #expect(runtime.problemLines.isEmpty, "\(runtime.problemLines)")
        try NavigationStack(registry: runtime.registry).open(path: "live")

        try LiveFixture.install(try LiveFixture.build(text: "version two"), in: folder)  // no longer provides ArticleListing
        let notices = runtime.reloadAll().notices
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("live changed but was not reloaded: it would disable needer (") == true, "\(notices)")
        #expect(notices.first?.hasSuffix("); fix that first; version 1 keeps serving") == true, "\(notices)")
        #expect(runtime.record(named: "needer")?.status == .ready)
    }
}
