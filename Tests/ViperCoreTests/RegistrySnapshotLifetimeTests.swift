import Contracts
import Foundation
import Testing
@testable import ViperCore
import ViperCoreTestSupport
import ViperTestSupport

/// How long registry snapshots live, given that each thread keeps the one it read last (see
/// Registry+Snapshot.swift): an idle thread holds at most one old snapshot, until its next read
/// or its end; a snapshot swapped out while a factory runs lives until the outermost factory
/// returns, so what the frames outside found in it stays valid.
@Suite struct RegistrySnapshotLifetimeTests {
    /// A service that runs `onDeinit` when it is freed.
    private final class Reentrant: Tally {
        let id = 0
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    @Test func anIdleThreadKeepsOneOldSnapshotUntilItReadsAgainOrReadsAnotherRegistry() throws {
        let registry = Registry()
        registry.commit(WelcomeStub.registrar(plugin: "one", name: "one", text: "1"))
        #expect(try registry.resolver(for: "a test").resolve(Welcome.self, name: "one").text == "1")
        weak let first = registry.currentSnapshot
        registry.commit(WelcomeStub.registrar(plugin: "two", name: "two", text: "2"))
        #expect(first != nil, "this thread read it last")
        #expect(try registry.resolver(for: "a test").resolve(Welcome.self, name: "two").text == "2")
        #expect(first == nil, "released when this thread read the next one")

        weak let second = registry.currentSnapshot
        registry.noteDisabled(ContractID("Fixture.Nothing"), reason: "a test")
        #expect(second != nil)
        _ = Registry().canResolve(Welcome.self, name: nil)
        #expect(second == nil, "released when this thread read another registry")
    }

    @Test func aThreadThatEndsReleasesItsSnapshot() throws {
        let registry = Registry()
        registry.commit(WelcomeStub.registrar(plugin: "one", name: "one", text: "1"))
        let held = Locked(Weak<RegistrySnapshot>(nil))
        let texts = Locked([String]())
        try RegistryThreads.run(1) { _ in
            let text = (try? registry.resolver(for: "a thread").resolve(Welcome.self, name: "one").text) ?? "failed"
            texts.withLock { $0.append(text) }
            held.withLock { $0 = Weak(ResolutionStack.current.snapshot?.takeUnretainedValue()) }
        }
        #expect(texts.withLock { $0 } == ["1"])
        #expect(held.withLock { $0.object } != nil, "still the registry's current snapshot")
        registry.noteDisabled(ContractID("Fixture.Nothing"), reason: "a test")
        #expect(held.withLock { $0.object } == nil, "the ended thread released it, and the write unpublished it")
    }

    /// A process-scoped service's factory replaces its own plugin (a write, as a lazy load or a
    /// reload is) and resolves again: the outer resolve found the old registration without a
    /// retain, and publishes the instance into its factory after the call; both must stay alive.
    @Test func aWriteInsideAFactoryKeepsTheOldSnapshotUntilTheOutermostFactoryReturns() throws {
        let registry = Registry()
        let during = Locked((snapshot: Weak<RegistrySnapshot>(nil), registration: Weak<ServiceRegistration>(nil),
                             alive: [Bool](), nested: ""))
        func version(_ number: Int, replacing: Bool) -> RecordingRegistrar {
            let registrar = RecordingRegistrar(plugin: "counter")
            registrar.registerService(Tally.self, scope: .process) { resolver in
                if replacing {
                    registry.replace(plugin: "counter", with: version(number + 1, replacing: false), skipping: [], routeOwners: [:])
                    let nested = (try? resolver.resolve(Welcome.self, name: "v\(number + 1)").text) ?? "failed"
                    during.withLock { $0.nested = nested; $0.alive = [$0.snapshot.object != nil, $0.registration.object != nil] }
                }
                return TallyStub()
            }
            registrar.registerService(Welcome.self, name: "v\(number)", scope: .transient) { _ in WelcomeStub("version \(number)") }
            registrar.seal()
            return registrar
        }
        registry.commit(version(1, replacing: true))
        #expect(try registry.resolver(for: "a test").resolve(Welcome.self, name: "v1").text == "version 1")
        during.withLock {
            $0.snapshot = Weak(registry.currentSnapshot)
            $0.registration = Weak(registry.read { $0.services[RegistryKey(type: ObjectIdentifier(Tally.self), name: nil)] })
        }
        let first = try registry.resolver(for: "a test").resolve(Tally.self)
        let (snapshot, registration, alive, nested) = during.withLock { ($0.snapshot.object, $0.registration.object, $0.alive, $0.nested) }
        #expect(nested == "version 2")
        #expect(alive == [true, true], "parked while the factory ran")
        #expect(snapshot == nil && registration == nil, "released when the outermost factory returned")
        let second = try registry.resolver(for: "a test").resolve(Tally.self)
        #expect(first.id != second.id, "the new version's own instance")
        #expect(try registry.resolver(for: "a test").resolve(Tally.self).id == second.id)
    }

    /// Releasing an old snapshot frees what only it kept, here a process-scoped instance whose
    /// deinitializer writes to the registry and resolves: that read swaps out the snapshot the
    /// read that released it is about to return, which must stay alive until that one is done.
    @Test func aReadFromADeinitializerThatAReleaseRunsDoesNotFreeTheSnapshotOfTheReadAroundIt() throws {
        let registry = Registry()
        let resolver = registry.resolver(for: "a test")
        let inside = Locked((texts: [String](), around: Weak<RegistrySnapshot>(nil)))
        registry.commit({  // not kept here: the registrar would keep its registrations
            let old = RecordingRegistrar(plugin: "old")
            old.registerService(Tally.self, scope: .process) { _ in
                Reentrant {
                    // The snapshot the read around this one published and is about to return.
                    let around = Weak(registry.currentSnapshot)
                    registry.commit(WelcomeStub.registrar(plugin: "late", name: "late", text: "late"))
                    let text = (try? resolver.resolve(Welcome.self, name: "late").text) ?? "failed"
                    inside.withLock { $0 = ([text], around) }
                }
            }
            old.seal()
            return old
        }())
        let aliveInFactory = Locked([Bool]())
        let kept = RecordingRegistrar(plugin: "kept")
        kept.registerService(Welcome.self, name: "kept", scope: .transient) { _ in
            // The snapshot this resolve found its registration in must be alive while its factory runs.
            aliveInFactory.withLock { $0.append(inside.withLock { $0.around.object != nil }) }
            return WelcomeStub("kept")
        }
        kept.seal()
        registry.commit(kept)
        #expect(try resolver.resolve(Tally.self).id == 0)  // the instance lives in the old registration's factory
        registry.withdraw(plugin: "old")  // now only this thread's snapshot keeps it
        #expect(registry.currentSnapshot == nil, "the withdrawal unpublished it")
        // This read releases the old snapshot, so the instance, whose deinitializer writes and reads.
        #expect(try resolver.resolve(Welcome.self, name: "kept").text == "kept")
        let (texts, around) = inside.withLock { ($0.texts, $0.around) }
        #expect(texts == ["late"])
        #expect(aliveInFactory.withLock { $0 } == [true], "parked while the resolve around the deinitializer's used it")
        #expect(around.object == nil, "released when that resolve's factory returned")
        #expect(try resolver.resolve(Welcome.self, name: "late").text == "late")
    }
}
