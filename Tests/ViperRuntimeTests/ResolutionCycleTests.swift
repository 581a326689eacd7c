import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

/// Cycles found by the per-thread resolution stack (a depth and a buffer): the error names the
/// chain from the first frame of the repeated service, exactly as the stack of keys did before.
@Suite struct ResolutionCycleTests {
    private func registry(_ register: (RecordingRegistrar) -> Void) -> Registry {
        let registry = Registry()
        let registrar = RecordingRegistrar(plugin: "chain")
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

    /// `a` needs `b`, `b` needs `c`, `c` needs `b`: the chain starts at `b`, not at `a`, and the
    /// requester is the factory that asked for `b` again.
    @Test func aCycleBelowTheFirstServiceNamesOnlyTheLoop() {
        let registry = registry { registrar in
            for (name, next) in [("a", "b"), ("b", "c"), ("c", "b")] {
                registrar.registerService(Tally.self, name: name, scope: .transient) { resolver -> any Tally in
                    try resolver.resolve(Tally.self, name: next)
                }
            }
        }
        let cycle = error { _ = try registry.resolver(for: "the shell").resolve(Tally.self, name: "a") }
        #expect(cycle?.code == .cycle)
        #expect(cycle?.name == "b")
        #expect(cycle?.requester == "chain (ViperRuntimeTests.Tally[c])")
        #expect(cycle?.detail == "ViperRuntimeTests.Tally[b] → ViperRuntimeTests.Tally[c] → ViperRuntimeTests.Tally[b]")
        #expect(cycle?.description == "chain (ViperRuntimeTests.Tally[c]) asked for ViperRuntimeTests.Tally named 'b', which needs itself: "
            + "ViperRuntimeTests.Tally[b] → ViperRuntimeTests.Tally[c] → ViperRuntimeTests.Tally[b]; "
            + "break the cycle by resolving one of them lazily, outside its factory")
    }

    /// Deeper than the stack's first buffer (32): a chain of 40 resolves, then a loop closed at
    /// depth 40 back to the 21st, named whole.
    @Test func aChainDeeperThanTheFirstBufferResolvesAndADeepLoopIsNamedWhole() throws {
        let depth = 40
        let straight = registry { registrar in
            for index in 0..<depth {
                registrar.registerService(Tally.self, name: "n\(index)", scope: .transient) { resolver -> any Tally in
                    index == depth - 1 ? TallyStub() : try resolver.resolve(Tally.self, name: "n\(index + 1)")
                }
            }
        }
        let first = try straight.resolver(for: "a test").resolve(Tally.self, name: "n0")
        let second = try straight.resolver(for: "a test").resolve(Tally.self, name: "n0")
        #expect(first !== second, "transient all the way down")

        let looped = registry { registrar in
            for index in 0..<depth {
                registrar.registerService(Tally.self, name: "n\(index)", scope: .transient) { resolver -> any Tally in
                    try resolver.resolve(Tally.self, name: "n\(index == depth - 1 ? 20 : index + 1)")
                }
            }
        }
        let cycle = error { _ = try looped.resolver(for: "a test").resolve(Tally.self, name: "n0") }
        let loop = (20..<depth).map { "ViperRuntimeTests.Tally[n\($0)]" } + ["ViperRuntimeTests.Tally[n20]"]
        #expect(cycle?.code == .cycle)
        #expect(cycle?.detail == loop.joined(separator: " → "))
        // The stack unwound: the thread resolves again from depth 0 and finds the same loop.
        let again = error { _ = try looped.resolver(for: "a test").resolve(Tally.self, name: "n30") }
        #expect(again?.detail == (30..<depth).map { "ViperRuntimeTests.Tally[n\($0)]" }.joined(separator: " → ")
            + " → " + (20...30).map { "ViperRuntimeTests.Tally[n\($0)]" }.joined(separator: " → "))
    }
}
