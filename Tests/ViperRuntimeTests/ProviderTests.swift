import Contracts
import Synchronization
import Testing
@testable import ViperCore
import ViperTestSupport
@testable import ViperRuntime

/// ``Provider`` (Contracts 1.4): looked up once, called many times; each call makes what a
/// resolve would make and fails with the error a resolve would throw.
@Suite struct ProviderTests {
    private func registry(_ register: (RecordingRegistrar) -> Void) -> Registry {
        let registry = Registry()
        let registrar = RecordingRegistrar(plugin: "fixture")
        register(registrar)
        registrar.seal()
        registry.commit(registrar)
        return registry
    }

    private func error(_ body: () throws -> Void) -> ResolutionError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ResolutionError
        }
    }

    @Test func aTransientProviderMakesOneInstancePerCallAndNoneBefore() throws {
        let made = Locked(0)
        let registry = registry {
            $0.registerService(Tally.self, scope: .transient) { _ in
                made.withLock { $0 += 1 }
                return TallyStub()
            }
        }
        let tallies = registry.resolver(for: "a test").provider(Tally.self)
        #expect(made.withLock { $0 } == 0, "making the provider makes no instance")
        let ids = try (0..<3).map { _ in try tallies().id }
        #expect(made.withLock { $0 } == 3)
        #expect(Set(ids).count == 3)
        #expect(try tallies.get().id != ids[2])
    }

    @Test func aProcessScopedProviderSharesTheInstanceAResolveGets() throws {
        let made = Locked(0)
        let registry = registry {
            $0.registerService(Tally.self, scope: .process) { _ in
                made.withLock { $0 += 1 }
                return TallyStub()
            }
        }
        let resolver = registry.resolver(for: "a test")
        let tallies = resolver.provider(Tally.self)
        let first = try tallies()
        #expect(try tallies() === first)
        #expect(try resolver.resolve(Tally.self) === first)
        #expect(made.withLock { $0 } == 1)
    }

    @Test func aProviderFailsWithTheErrorAResolveThrows() {
        let registry = registry {
            $0.registerService(Welcome.self, name: "broken") { _ -> any Welcome in throw CommandError("no greeting today") }
            $0.registerService(Ping.self) { resolver -> any Ping in
                _ = try resolver.resolve(Pong.self)
                throw CommandError("unreachable")
            }
            $0.registerService(Pong.self) { resolver -> any Pong in
                _ = try resolver.provider(Ping.self)()
                throw CommandError("unreachable")
            }
        }
        let resolver = registry.resolver(for: "the shell")
        let missing = error { _ = try resolver.provider(NeverRegistered.self)() }
        #expect(missing?.code == .notRegistered)
        #expect(missing?.description == error { _ = try resolver.resolve(NeverRegistered.self) }?.description)

        let thrown = error { _ = try resolver.provider(Welcome.self, name: "broken")() }
        #expect(thrown?.code == .factoryFailed)
        #expect(thrown?.description == "the shell asked for ViperRuntimeTests.Welcome named 'broken', and its provider failed: fixture: no greeting today")

        let cycle = error { _ = try resolver.provider(Ping.self)() }
        #expect(cycle?.code == .cycle)
        #expect(cycle?.detail == "ViperRuntimeTests.Ping → ViperRuntimeTests.Pong → ViperRuntimeTests.Ping")
        #expect(cycle?.description == error { _ = try resolver.resolve(Ping.self) }?.description)
    }

    /// Live reload withdraws a registration: a provider bound to it resolves again and gets what serves the contract now.
    @Test func aProviderOfAWithdrawnRegistrationResolvesWhatServesTheContractNow() throws {
        let registry = registry { $0.registerService(Welcome.self) { _ in WelcomeStub("old") } }
        let welcomes = registry.resolver(for: "a test").provider(Welcome.self)
        #expect(try welcomes().text == "old")
        let old = registry.registeredService(RegistryKey(type: ObjectIdentifier(Welcome.self), name: nil))
        let update = RecordingRegistrar(plugin: "fixture")
        update.registerService(Welcome.self) { _ in WelcomeStub("new") }
        update.seal()
        registry.commit(update)
        old?.withdrawn.store(true, ordering: .releasing)
        #expect(try welcomes().text == "new")
    }

    /// A resolver that predates 1.4 gets Contracts' default: a provider that resolves on every call.
    @Test func aResolverWithoutItsOwnProviderGetsOneThatResolvesEachCall() throws {
        final class CountingResolver: Resolver {
            let asked = Locked(0)
            func resolve<Service>(_ contract: Service.Type, name: String?) throws -> Service {
                asked.withLock { $0 += 1 }
                guard let tally = TallyStub() as? Service else { throw CommandError("only tallies here") }
                return tally
            }
            func canResolve(_ contract: Any.Type, name: String?) -> Bool { contract == Tally.self }
        }
        let resolver = CountingResolver()
        let tallies = resolver.provider(Tally.self)
        #expect(resolver.asked.withLock { $0 } == 0)
        _ = try tallies()
        _ = try tallies()
        #expect(resolver.asked.withLock { $0 } == 2)
    }
}
