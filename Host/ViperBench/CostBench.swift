import Contracts
import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperShell

/// Costs that must grow no faster than the work, each as a ratio against
/// a small baseline measured in the same run and scaled to the same amount of work:
/// about 1× is linear (or constant per command), far above it is not.
enum CostBench {
    protocol Page: AnyObject {}

    final class PageView: ModuleView, Page {
        let title: String
        init(title: String) { self.title = title }
        func render(on screen: any Screen) { screen.text("A page.") }
    }

    final class PageBuilder: ModuleBuilder {
        private var built = 0
        func build(_ context: any ModuleContext) throws -> BuiltModule {
            built += 1
            return BuiltModule(view: PageView(title: "Page \(built)"))
        }
    }

    /// Swallows what the shell draws.
    final class DiscardedOutput: ShellOutput {
        func show(_ text: String) {}
        func error(_ message: String) {}
        func warning(_ message: String) {}
    }

    static func rows(runs: Int) throws -> [BenchmarkSuite.Row] {
        try [
            navigation(deep: 10_000, shallow: 10, runs: runs), commit(large: 8000, small: 80, runs: runs),
            readRecord(large: 9000, small: 90, runs: runs),
        ]
    }

    /// A shell `open` and `back` at depth `deep` against the same at depth `shallow`.
    static func navigation(deep: Int, shallow: Int, runs: Int) throws -> BenchmarkSuite.Row {
        let commands = 500
        func perCommand(at depth: Int) throws -> Double {
            let registrar = RecordingRegistrar(plugin: "bench")
            registrar.registerModule(Page.self, route: RouteSpec("page", summary: "A page"), builder: PageBuilder())
            registrar.seal()
            let registry = Registry()
            registry.commit(registrar)
            let stack = NavigationStack(registry: registry)
            let shell = Shell(stack: stack, home: HomeView(routes: [], pluginsLoaded: 1, problems: 0), output: DiscardedOutput())
            while stack.depth < depth { try stack.open(path: "page") }
            return Stopwatch.median(runs: runs) {
                for _ in 0..<commands / 2 {
                    shell.execute("open page")
                    shell.execute("back")
                }
            } / Double(commands)
        }
        let base = try perCommand(at: shallow), measured = try perCommand(at: deep)
        return BenchmarkSuite.Row(
            name: "shell: open + back at depth \(deep) vs at depth \(shallow)",
            measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(base),
            ratio: measured / base, target: 2)
    }

    /// Committing `large` named routes of one contract against as many in commits of `small`.
    static func commit(large: Int, small: Int, runs: Int) -> BenchmarkSuite.Row {
        func registrar(_ count: Int) -> RecordingRegistrar {
            let registrar = RecordingRegistrar(plugin: "bench")
            for index in 0..<count {
                registrar.registerModule(
                    Page.self, name: "page\(index)", route: RouteSpec("pages/\(index)", summary: "Page"),
                    builder: PageBuilder())
            }
            registrar.seal()
            return registrar
        }
        let times = large / small
        let smallOne = registrar(small), largeOne = registrar(large)
        let base = Stopwatch.median(runs: runs) {
            for _ in 0..<times { Registry().commit(smallOne) }
        }
        let measured = Stopwatch.median(runs: runs) { Registry().commit(largeOne) }
        return BenchmarkSuite.Row(
            name: "commit \(large) named routes vs \(small) × \(times)",
            measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(base),
            ratio: measured / base, target: 2)
    }

    /// Reading one scan record of `large` provisions (in 64 KiB reads) against one of `small`, scaled by bytes.
    static func readRecord(large: Int, small: Int, runs: Int) throws -> BenchmarkSuite.Row {
        func line(_ count: Int) -> [UInt8] {
            let provides = (0..<count).map { index in
                Provision(
                    kind: .module, contract: ContractID("Bench.Page"), name: "page-\(index)-" + String(repeating: "x", count: 100),
                    route: RouteSpec("pages/\(index)", summary: "Page \(index)"))
            }
            let descriptor = PluginDescriptor(
                manifest: PluginManifest(name: "pages", version: "1.0.0", summary: "bench"),
                contractsVersion: ContractsVersion.current, provides: provides)
            return Array((RecordCodec.encode(ScanResult(stamp: .missing("/bench/libpages.so"), outcome: .ok(descriptor))) + "\n").utf8)
        }
        func secondsPerByte(_ bytes: [UInt8]) throws -> Double {
            var failure: (any Error)?
            let time = Stopwatch.median(runs: runs) {
                var buffer = LineBuffer()
                for start in stride(from: 0, to: bytes.count, by: 65536) {
                    buffer.append(bytes[start..<min(start + 65536, bytes.count)])
                    while let next = buffer.nextLine() {
                        do { _ = try RecordCodec.decode(bytes: next) } catch { failure = error }
                    }
                }
            }
            if let failure { throw failure }
            return time / Double(bytes.count)
        }
        let largeLine = line(large), smallLine = line(small)
        let base = try secondsPerByte(smallLine), measured = try secondsPerByte(largeLine)
        return BenchmarkSuite.Row(
            name: "read a \(largeLine.count / 1000) kB scan record vs \(smallLine.count / 1000) kB, per byte",
            measured: BenchmarkSuite.duration(measured * Double(largeLine.count)),
            baseline: BenchmarkSuite.duration(base * Double(largeLine.count)),
            ratio: measured / base, target: 2)
    }
}
