import Contracts
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperShell

/// A shell over a ``FakeApp``, writing to an ``OutputSpy``.
struct FakeShell {
    let app = FakeApp()
    let output = OutputSpy()
    let shell: Shell

    init() {
        let home = HomeView(routes: app.stack.routes.map(\.spec), pluginsLoaded: 1, problems: 0)
        shell = Shell(stack: app.stack, home: home, output: output)
    }

    /// Runs each line; returns the outcome of the last.
    @discardableResult
    func run(_ lines: String...) -> Shell.Outcome {
        lines.map { shell.execute($0) }.last ?? .succeeded
    }
}
