import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperCoreTestSupport
import ViperHostTestSupport
import ViperTestSupport
@testable import ViperRuntime

/// The registry's lock-free reads: readers probe a published snapshot while writers
/// commit; a reader sees a whole commit or none of it, and old snapshots are released once every
/// thread that read one has moved on (RegistrySnapshotLifetimeTests for the details).
@Suite struct RegistrySnapshotTests {
    private static func plugin(_ index: Int) -> RecordingRegistrar {
        let registrar = RecordingRegistrar(plugin: "plugin\(index)")
        registrar.registerService(Welcome.self, name: "w\(index)", scope: .transient) { _ in WelcomeStub("hello \(index)") }
        registrar.seal()
        return registrar
    }

    @Test func readersWhileAWriterCommitsSeeEachCommitWholeAndInOrder() throws {
        let registry = Registry()
        let base = RecordingRegistrar(plugin: "base")
        base.registerService(Tally.self, scope: .process) { _ in TallyStub() }
        base.seal()
        registry.commit(base)
        let commits = 150
        let done = Locked(false)
        let seen = Locked((tallies: Set<Int>(), problems: [String](), reads: 0))
        let used = Locked([Weak<RegistrySnapshot>]())
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            guard thread > 0 else {
                for index in 0..<commits { registry.commit(Self.plugin(index)) }
                done.withLock { $0 = true }
                return
            }
            let resolver = registry.resolver(for: "reader \(thread)")
            var finished = false
            while !finished {
                finished = done.withLock { $0 }
                do {
                    let tally = try resolver.resolve(Tally.self).id
                    // Commits are in order: in one snapshot, if plugin n's service is there, all before it are too.
                    let visible = registry.read { tables in
                        (0..<commits).filter { tables.services[RegistryKey(type: ObjectIdentifier(Welcome.self), name: "w\($0)")] != nil }
                    }
                    var problems: [String] = []
                    if let last = visible.last, visible.count != last + 1 { problems.append("saw \(visible.count) commits ending at \(last)") }
                    if let last = visible.last, try resolver.resolve(Welcome.self, name: "w\(last)").text != "hello \(last)" {
                        problems.append("w\(last) made the wrong greeting")
                    }
                    seen.withLock {
                        $0.tallies.insert(tally)
                        $0.problems += problems
                        $0.reads += 1
                    }
                } catch {
                    seen.withLock { $0.problems.append("\(error)") }
                }
                if let mine = ResolutionStack.current.snapshot?.takeUnretainedValue() {
                    used.withLock { $0.append(Weak(mine)) }
                }
            }
            // This thread moves on: it reads another registry, so keeps none of this one's snapshots.
            _ = Registry().canResolve(Tally.self, name: nil)
        }
        let (tallies, problems, reads) = seen.withLock { ($0.tallies, $0.problems, $0.reads) }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(tallies.count == 1, "one process-scoped instance for every reader")
        #expect(reads >= 5)
        for index in [0, commits / 2, commits - 1] {
            #expect(try registry.resolver(for: "after").resolve(Welcome.self, name: "w\(index)").text == "hello \(index)")
        }
        // Once every thread has moved on, no snapshot the readers used is left.
        registry.noteDisabled(ContractID("Fixture.Nothing"), reason: "a test")
        #expect(registry.resolver(for: "after").canResolve(Tally.self, name: nil))
        let kept = used.withLock { list in list.filter { $0.object != nil }.count }
        #expect(used.withLock(\.count) >= 5)
        #expect(kept == 0, "\(kept) snapshots still alive")
    }

    @Test func aRunOfWritesWithNoReadBetweenPublishesOneSnapshot() throws {
        let registry = Registry()
        for index in 0..<50 { registry.commit(Self.plugin(index)) }
        #expect(registry.currentSnapshot == nil, "nothing was published, so nothing was copied")
        _ = try registry.resolver(for: "a test").resolve(Welcome.self, name: "w49")
        weak let first = registry.currentSnapshot
        _ = try registry.resolver(for: "a test").resolve(Welcome.self, name: "w0")
        #expect(first != nil && registry.currentSnapshot === first, "a read with no write before it publishes nothing")
        registry.commit(Self.plugin(50))  // unpublishes the one snapshot; only this thread holds it
        #expect(registry.currentSnapshot == nil)
        #expect(first != nil, "kept by this thread until its next read")
        #expect(try registry.resolver(for: "a test").resolve(Welcome.self, name: "w50").text == "hello 50")
        #expect(first == nil, "released when this thread read the new one")
    }

    /// Three plugins load on first use while 48 threads resolve their services in different
    /// orders: each plugin loads once and every thread gets the one instance of each service.
    @Test func manyThreadsResolveServicesOfThreePluginsThatLoadOnFirstUse() throws {
        let folders = try TestRuntime.makeFolders(bundled: ["NoteStorage", "Todo", "Account"])
        var options = TestRuntime.options(folders)
        options.scanMode = .isolated
        options.scannerExecutable = BuildProducts.viper
        let runtime = try TestRuntime.start(options)
        for name in ["note-storage", "todo", "account"] {
            #expect(runtime.record(named: name)?.status == .ready, "\(runtime.problemLines)")
        }
        let registry = runtime.registry
        let seen = Locked((instances: [String: Set<ObjectIdentifier>](), failures: [String]()))
        DispatchQueue.concurrentPerform(iterations: 48) { index in
            let resolver = registry.resolver(for: "thread \(index)")
            let order: [(String, () throws -> AnyObject)] = [
                ("store", { try resolver.resolve(NoteStore.self) as AnyObject }),
                ("todo", { try resolver.resolve(TodoStore.self) as AnyObject }),
                ("session", { try resolver.provider(Session.self)() as AnyObject }),
            ]
            for step in 0..<3 {
                let (name, resolve) = order[(index + step) % 3]
                do {
                    let instance = ObjectIdentifier(try resolve())
                    seen.withLock { _ = $0.instances[name, default: []].insert(instance) }
                } catch {
                    seen.withLock { $0.failures.append("\(name): \(error)") }
                }
            }
        }
        let (instances, failures) = seen.withLock { ($0.instances, $0.failures) }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(instances.mapValues(\.count) == ["store": 1, "todo": 1, "session": 1])
        for name in ["note-storage", "todo", "account"] {
            #expect(runtime.record(named: name)?.status == .loaded)
        }
        #expect(runtime.problemLines.isEmpty, "\(runtime.problemLines)")
    }
}
