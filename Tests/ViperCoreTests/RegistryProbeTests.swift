import Contracts
import Testing
@testable import ViperCore
import ViperCoreTestSupport

/// A resolve's fast probe (Registry+Snapshot.swift): the unnamed registration by type identity
/// alone, a named one by the whole key, and the thread's stack found with the key each registry
/// reads once, so that one thread reading two registries keeps each one's answers apart.
@Suite struct RegistryProbeTests {
    private static func registry(plain: String, named: String) -> Registry {
        let registry = Registry()
        let registrar = RecordingRegistrar(plugin: "probe")
        registrar.registerService(Welcome.self, scope: .transient) { _ in WelcomeStub(plain) }
        registrar.registerService(Welcome.self, name: "one", scope: .transient) { _ in WelcomeStub(named) }
        registrar.seal()
        registry.commit(registrar)
        return registry
    }

    @Test func anUnnamedAndANamedResolveOfOneContractEachFindTheirOwnRegistration() throws {
        let resolver = Self.registry(plain: "plain", named: "one").resolver(for: "a test")
        #expect(try resolver.resolve(Welcome.self).text == "plain")
        #expect(try resolver.resolve(Welcome.self, name: "one").text == "one")
        #expect(throws: ResolutionError.self) { try resolver.resolve(Welcome.self, name: "two") }
    }

    @Test func oneThreadReadingTwoRegistriesInTurnGetsEachOnesServices() throws {
        let first = Self.registry(plain: "first", named: "first one").resolver(for: "a test")
        let second = Self.registry(plain: "second", named: "second one").resolver(for: "a test")
        for _ in 0..<3 {
            #expect(try first.resolve(Welcome.self).text == "first")
            #expect(try second.resolve(Welcome.self).text == "second")
            #expect(try first.resolve(Welcome.self, name: "one").text == "first one")
            #expect(try second.resolve(Welcome.self, name: "one").text == "second one")
        }
    }
}
