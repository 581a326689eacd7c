import ConformanceKit
import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime

// A chain of three contracts: Top is adapted from Middle, Middle from Bottom; only Bottom is provided.
protocol ChainTop: AnyObject { var top: String { get } }
protocol ChainMiddle: AnyObject { var middle: String { get } }
protocol ChainBottom: AnyObject { var bottom: String { get } }
/// Adapted from each other: a cycle.
protocol ChainPing: AnyObject {}
protocol ChainPong: AnyObject {}

private final class Bottom: ChainBottom {
    let bottom = "bottom"
}

private final class Middle: ChainMiddle {
    let middle: String
    init(_ source: any ChainBottom) { middle = "middle of " + source.bottom }
}

private final class Top: ChainTop {
    let top: String
    init(_ source: any ChainMiddle) { top = "top of " + source.middle }
}

private final class BottomBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let view = BottomView()
        return BuiltModule(view: view, input: view)
    }
}

private final class BottomView: ModuleView, ChainBottom {
    let bottom = "bottom module"
    var title: String { "Bottom" }
    func render(on screen: any Screen) { screen.text(bottom) }
}

/// The registry follows the same ``ServingPath`` as `doctor`: chains of adapters for
/// services and modules, loading (``Registry/onMiss``) every plugin on the way, and the
/// same sentence when nothing serves.
@Suite struct RegistryAdapterChainTests {
    private func registrar(_ plugin: String, _ register: (RecordingRegistrar) -> Void) -> RecordingRegistrar {
        let registrar = RecordingRegistrar(plugin: plugin)
        register(registrar)
        registrar.seal()
        return registrar
    }

    private func resolutionError(_ body: () throws -> Void) -> ResolutionError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ResolutionError
        }
    }

    /// A registry where `glue` adapts Top from Middle, `more` Middle from Bottom, and `source` provides Bottom.
    private func chain(bottomAsModule: Bool = false) -> Registry {
        let registry = Registry()
        registry.commit(registrar("glue") { $0.registerAdapter(ChainTop.self, from: ChainMiddle.self) { Top($0) } })
        registry.commit(registrar("more") { $0.registerAdapter(ChainMiddle.self, from: ChainBottom.self) { Middle($0) } })
        registry.commit(registrar("source") {
            if bottomAsModule {
                $0.registerModule(ChainBottom.self, builder: BottomBuilder())
            } else {
                $0.registerService(ChainBottom.self) { _ in Bottom() }
            }
        })
        return registry
    }

    @Test func aServiceIsResolvedThroughAChainOfTwoAdapters() throws {
        let resolver = chain().resolver(for: "notes")
        #expect(resolver.canResolve(ChainTop.self))
        #expect(try resolver.resolve(ChainTop.self).top == "top of middle of bottom")
        #expect(try resolver.resolve(ChainMiddle.self).middle == "middle of bottom")
    }

    @Test func aModuleIsFoundThroughAChainOfTwoAdaptersAskedContractFirst() throws {
        let registry = chain(bottomAsModule: true)
        let (registration, adapters) = try registry.servingModule(for: ChainTop.self, name: nil, requester: "notes")
        #expect(registration.contract == ContractID(ChainBottom.self))
        #expect(adapters.map { "\($0.requiredContract.shortName)←\($0.providedContract.shortName) (\($0.plugin))" }
            == ["ChainTop←ChainMiddle (glue)", "ChainMiddle←ChainBottom (more)"])
        let input = try #require(try registration.builder.build(ModuleContextStub(resolver: registry.resolver(for: "notes"))).input)
        var value: Any = input
        for adapter in adapters.reversed() {
            value = try #require(try adapter.adapt(value))
        }
        #expect((value as? any ChainTop)?.top == "top of middle of bottom module")
    }

    @Test func lazyLoadingIsAskedForEveryContractOnTheChainAndLoadsEachPlugin() throws {
        let registry = Registry()
        registry.commit(registrar("glue") { $0.registerAdapter(ChainTop.self, from: ChainMiddle.self) { Top($0) } })
        var asked: [String] = []
        registry.onMiss = { key in
            asked.append(key.description)
            switch key.contract {
            case ContractID(ChainMiddle.self):
                registry.commit(self.registrar("more") { $0.registerAdapter(ChainMiddle.self, from: ChainBottom.self) { Middle($0) } })
            case ContractID(ChainBottom.self):
                registry.commit(self.registrar("source") { $0.registerModule(ChainBottom.self, builder: BottomBuilder()) })
            default:
                return false
            }
            return true
        }
        let (registration, adapters) = try registry.servingModule(for: ChainTop.self, name: nil, requester: "notes")
        #expect(asked == ["module ViperRuntimeTests.ChainTop", "module ViperRuntimeTests.ChainMiddle", "module ViperRuntimeTests.ChainBottom"])
        #expect(registration.plugin == "source")
        #expect(adapters.map(\.plugin) == ["glue", "more"])
    }

    @Test func aChainWhoseSourceNothingProvidesFailsWithTheWholeChain() {
        let registry = Registry()
        registry.commit(registrar("glue") { $0.registerAdapter(ChainTop.self, from: ChainMiddle.self) { Top($0) } })
        registry.commit(registrar("more") { $0.registerAdapter(ChainMiddle.self, from: ChainBottom.self) { Middle($0) } })
        #expect(!registry.resolver(for: "notes").canResolve(ChainTop.self))
        let error = resolutionError { _ = try registry.resolver(for: "notes").resolve(ChainTop.self) }
        #expect(error?.code == .notRegistered)
        #expect(error?.description == "notes asked for ViperRuntimeTests.ChainTop, which no loaded plugin provides ('glue' adapts it from ViperRuntimeTests.ChainMiddle, 'more' adapts ViperRuntimeTests.ChainMiddle from ViperRuntimeTests.ChainBottom, which no enabled plugin provides either; nothing is registered under that contract); install a plugin that provides it or run 'viper doctor'")
    }

    @Test func aCycleOfAdaptersFailsForServicesAndModulesWithTheSentenceDoctorGives() {
        let registry = Registry()
        registry.commit(registrar("glue") {
            $0.registerAdapter(ChainPing.self, from: ChainPong.self) { _ in PingPong() }
            $0.registerAdapter(ChainPong.self, from: ChainPing.self) { _ in PingPong() }
        })
        let note = "'glue' adapts it from ViperRuntimeTests.ChainPong, 'glue' adapts ViperRuntimeTests.ChainPong from ViperRuntimeTests.ChainPing: these adapters form a cycle (ViperRuntimeTests.ChainPing → ViperRuntimeTests.ChainPong → ViperRuntimeTests.ChainPing) and no enabled plugin provides any of them; provide one of them, or remove an adapter"
        let service = resolutionError { _ = try registry.resolver(for: "notes").resolve(ChainPing.self) }
        #expect(service?.description == "notes asked for ViperRuntimeTests.ChainPing, which no loaded plugin provides (\(note); nothing is registered under that contract); install a plugin that provides it or run 'viper doctor'")
        let module = resolutionError { _ = try registry.servingModule(for: ChainPing.self, name: nil, requester: "notes") }
        #expect(module?.detail == note)
        #expect(registry.moduleRegistration(for: ChainPing.self, name: nil) == nil)
    }
}

private final class PingPong: ChainPing, ChainPong {}
