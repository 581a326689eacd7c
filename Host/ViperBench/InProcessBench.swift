import Contracts
import Foundation
import ViperCore
import ViperRuntime

/// Benchmarks of the registry itself, in this process.
enum InProcessBench {
    final class ServiceA {}
    final class ServiceB {}
    final class ServiceC {}
    protocol BenchInput: AnyObject {}

    final class Interactor {
        let a: ServiceA, b: ServiceB, c: ServiceC
        init(a: ServiceA, b: ServiceB, c: ServiceC) {
            self.a = a
            self.b = b
            self.c = c
        }
    }

    final class Presenter: BenchInput {
        let interactor: Interactor
        weak var view: View?
        init(interactor: Interactor) { self.interactor = interactor }
    }

    final class View: ModuleView {
        let presenter: Presenter
        init(presenter: Presenter) { self.presenter = presenter }
        var title: String { "bench" }
        func render(on screen: any Screen) {}
    }

    final class Builder: ModuleBuilder {
        func build(_ context: any ModuleContext) throws -> BuiltModule {
            let resolver = context.resolver
            let interactor = Interactor(
                a: try resolver.resolve(ServiceA.self), b: try resolver.resolve(ServiceB.self),
                c: try resolver.resolve(ServiceC.self))
            return wire(interactor)
        }
    }

    static func wire(_ interactor: Interactor) -> BuiltModule {
        let presenter = Presenter(interactor: interactor)
        let view = View(presenter: presenter)
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor])
    }

    final class Context: ModuleContext {
        let resolver: any Resolver
        let router: any Router = NowhereRouter()
        package let parameters = RouteParameters()
        init(resolver: any Resolver) { self.resolver = resolver }
    }

    /// A router for modules built outside a shell: every navigation fails with a clear error.
    final class NowhereRouter: Router {
        package func route<Input>(_ request: RouteRequest<Input>) throws {
            throw CommandError("this module was built outside a shell and cannot navigate")
        }
        func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
            throw CommandError("this module was built outside a shell and cannot embed")
        }
        func open(path: String) throws {
            throw CommandError("this module was built outside a shell and cannot open \(path)")
        }
        func close() {}
        func canRoute(to contract: Any.Type, name: String?) -> Bool { false }
    }

    static func makeRegistry() -> Registry {
        let registry = Registry()
        let registrar = RecordingRegistrar(plugin: "bench")
        registrar.registerService(ServiceA.self, scope: .transient) { _ in ServiceA() }
        registrar.registerService(ServiceB.self, scope: .process) { _ in ServiceB() }
        registrar.registerService(ServiceC.self, scope: .process) { _ in ServiceC() }
        registrar.registerModule(BenchInput.self, builder: Builder())
        registrar.seal()
        registry.commit(registrar)
        return registry
    }

    /// Measured and baseline loops alternate this many times, each `iterations / 5` calls long
    /// (the same calls in all as five runs of `iterations` each); each row's ratio is the
    /// median of the ratios taken pair by pair (``Stopwatch/paired(pairs:measured:baseline:)``).
    static let pairs = 25

    /// A row of per-call times from a paired timing of loops of `calls` calls each.
    private static func row(
        _ name: String, _ timing: (measured: Double, baseline: Double, ratio: Double),
        calls: Int, target: Double
    ) -> BenchmarkSuite.Row {
        BenchmarkSuite.Row(
            name: name, measured: BenchmarkSuite.duration(timing.measured / Double(calls)),
            baseline: BenchmarkSuite.duration(timing.baseline / Double(calls)), ratio: timing.ratio, target: target)
    }

    static func resolveVersusFactory(iterations: Int) -> BenchmarkSuite.Row {
        let perPair = max(1, iterations / 5)
        let registry = makeRegistry()
        let resolver = registry.resolver(for: "viper-bench")
        let factory: (any Resolver) throws -> ServiceA = { _ in ServiceA() }
        let sink = BlackHole.shared
        let timing = Stopwatch.paired(
            pairs: pairs,
            measured: {
                for _ in 0..<perPair {
                    if let service = try? resolver.resolve(ServiceA.self) { sink.consume(service) }
                }
            },
            baseline: {
                for _ in 0..<perPair {
                    if let service = try? factory(resolver) { sink.consume(service) }
                }
            })
        // The target for a resolve: 1.5× its factory.
        return row("resolve a service by contract vs its factory", timing, calls: perPair, target: 1.5)
    }

    static func providerVersusFactory(iterations: Int) -> BenchmarkSuite.Row {
        let perPair = max(1, iterations / 5)
        let resolver = makeRegistry().resolver(for: "viper-bench")
        let factory: (any Resolver) throws -> ServiceA = { _ in ServiceA() }
        let provider = resolver.provider(ServiceA.self)
        let sink = BlackHole.shared
        let timing = Stopwatch.paired(
            pairs: pairs,
            measured: {
                for _ in 0..<perPair {
                    if let service = try? provider() { sink.consume(service) }
                }
            },
            baseline: {
                for _ in 0..<perPair {
                    if let service = try? factory(resolver) { sink.consume(service) }
                }
            })
        return row("call a resolved provider vs its factory", timing, calls: perPair, target: 2)
    }

    /// The loops the in-process rows time, by name, so `--callgrind` can count their
    /// instructions in a process of their own (``CallgrindBench``).
    enum Loop: String, CaseIterable {
        case resolve, factory, module
        case byHand = "by-hand"
        case provider
        /// The same objects wired by hand into a ``BuiltModule`` with its parts, nothing of the
        /// registry's: what the module row's excess owes to `BuiltModule` alone (no row; counted
        /// by hand with `--loop`).
        case builtByHand = "built-by-hand"

        /// Runs the loop `iterations` times.
        func run(iterations: Int) {
            let registry = InProcessBench.makeRegistry()
            let resolver = registry.resolver(for: "viper-bench")
            let context = Context(resolver: resolver)
            let sink = BlackHole.shared
            let factory: (any Resolver) throws -> ServiceA = { _ in ServiceA() }
            let b = ServiceB(), c = ServiceC()
            let provider = resolver.provider(ServiceA.self)
            for _ in 0..<iterations {
                switch self {
                case .resolve: if let service = try? resolver.resolve(ServiceA.self) { sink.consume(service) }
                case .factory: if let service = try? factory(resolver) { sink.consume(service) }
                case .provider: if let service = try? provider() { sink.consume(service) }
                case .module: buildByContract(registry, context, sink)
                case .byHand: sink.consume(bareWiring(Interactor(a: ServiceA(), b: b, c: c)))
                case .builtByHand:
                    let module = wire(Interactor(a: ServiceA(), b: b, c: c))
                    if module.input != nil { sink.consume(module.view) }
                }
            }
        }
    }

    static func moduleVersusHandWiring(iterations: Int) -> BenchmarkSuite.Row {
        let perPair = max(1, iterations / 5)
        let registry = makeRegistry()
        let context = Context(resolver: registry.resolver(for: "viper-bench"))
        let b = ServiceB(), c = ServiceC()
        let sink = BlackHole.shared
        let timing = Stopwatch.paired(
            pairs: pairs,
            measured: {
                for _ in 0..<perPair { buildByContract(registry, context, sink) }
            },
            baseline: {
                for _ in 0..<perPair {
                    sink.consume(bareWiring(Interactor(a: ServiceA(), b: b, c: c)))
                }
            })
        // The target for a module: 1.5× what wiring it by hand costs.
        return row("build a module with 3 services by contract vs bare hand wiring", timing, calls: perPair, target: 1.5)
    }

    /// What the shell does to build a module by contract: find its registration, build it, and
    /// check that what it built conforms to the contract (the wall-clock row and the
    /// `--callgrind` loop count the same work).
    static func buildByContract(_ registry: Registry, _ context: Context, _ sink: BlackHole) {
        guard let (registration, _) = registry.moduleRegistration(for: BenchInput.self, name: nil),
            let module = try? registration.builder.build(context),
            registration.conforms(module.input ?? module.view)
        else { return }
        sink.consume(module.view)
    }
}
