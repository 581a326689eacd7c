import Contracts
@testable import ViperCore
@testable import ViperRuntime
@testable import ViperShell

/// The contract of ``NumberedBuilderFake``'s modules (route `m`).
protocol NumberedContract: AnyObject {}

/// Builds modules titled `M1`, `M2`, … and counts every read of their titles, so a
/// test can show how much of the stack a command looked at.
final class NumberedBuilderFake: ModuleBuilder {
    private(set) var built = 0
    /// Reads of any built module's title.
    var titleReads: Int { reads.count }
    private let reads = ReadCounter()

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        built += 1
        return BuiltModule(view: NumberedViewFake(title: "M\(built)", router: context.router, reads: reads))
    }

    /// A registry with this builder under route `m`, a stack over it, and a plain shell on the stack.
    func makeShell(output: OutputSpy) -> Shell {
        let registrar = RecordingRegistrar(plugin: "numbered")
        registrar.registerModule(NumberedContract.self, route: RouteSpec("m", summary: "One more module"), builder: self)
        registrar.seal()
        let registry = Registry()
        registry.commit(registrar)
        let stack = NavigationStack(registry: registry)
        return Shell(stack: stack, home: HomeView(routes: [], pluginsLoaded: 1, problems: 0), output: output)
    }

    final class ReadCounter {
        var count = 0
    }
}

/// A module's view that owns its router (so a test can navigate from it) and counts title reads.
final class NumberedViewFake: ModuleView, NumberedContract {
    private let storedTitle: String
    private let reads: NumberedBuilderFake.ReadCounter
    let router: any Router

    init(title: String, router: any Router, reads: NumberedBuilderFake.ReadCounter) {
        self.storedTitle = title
        self.router = router
        self.reads = reads
    }

    var title: String {
        reads.count += 1
        return storedTitle
    }

    func render(on screen: any Screen) {
        screen.text("Module \(storedTitle).")
    }
}
