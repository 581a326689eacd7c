import Contracts
import Testing
@testable import ViperCore
@testable import ViperRuntime
@testable import ViperShell

/// Navigation costs the same at any depth: counted, not timed. A command
/// at depth 1,000 looks at as many stack entries, and reads as many titles, as at depth 10.
@Suite struct NavigationCostTests {
    /// The work one action does: stack entries visited and titles read.
    private struct Work: Equatable {
        let visited: Int
        let titleReads: Int
    }

    private func work(_ builder: NumberedBuilderFake, _ stack: NavigationStack, _ action: () throws -> Void) rethrows -> Work {
        let (visited, reads) = (stack.entriesVisited, builder.titleReads)
        try action()
        return Work(visited: stack.entriesVisited - visited, titleReads: builder.titleReads - reads)
    }

    private func push(to depth: Int, _ stack: NavigationStack) throws {
        while stack.depth < depth { try stack.open(path: "m") }
    }

    @Test func aShellCommandDoesTheSameWorkAtDepth1000AsAtDepth10() throws {
        var measured: [[Work]] = []
        for depth in [10, 1000] {
            let builder = NumberedBuilderFake()
            let shell = builder.makeShell(output: OutputSpy())
            try push(to: depth, shell.stack)
            measured.append([
                work(builder, shell.stack) { shell.execute("open m") },
                work(builder, shell.stack) { shell.execute("back") },
                work(builder, shell.stack) { shell.execute("close") },
                work(builder, shell.stack) { _ = shell.prompt },
            ])
            #expect(shell.stack.depth == depth - 1)
        }
        #expect(measured[0] == measured[1])
        // The header reads the first title and the last three, not the whole stack.
        #expect(measured[1][0].titleReads < 10, "\(measured)")
    }

    @Test func aModuleNavigatingDoesTheSameWorkAtDepth1000AsAtDepth10() throws {
        var measured: [[Work]] = []
        for depth in [10, 1000] {
            let builder = NumberedBuilderFake()
            let stack = builder.makeShell(output: OutputSpy()).stack
            try push(to: depth, stack)
            let router = { (stack.top?.view as? NumberedViewFake)?.router }
            measured.append([
                try work(builder, stack) { try router()?.push(NumberedContract.self) },
                try work(builder, stack) { try router()?.present(NumberedContract.self) },
                try work(builder, stack) { try router()?.open(path: "m") },
                work(builder, stack) { router()?.close() },
                work(builder, stack) { router()?.close() },
                try work(builder, stack) { try stack.back() },
            ])
            #expect(stack.depth == depth)
            #expect(stack.presented == nil)
        }
        #expect(measured[0] == measured[1])
        #expect(measured[1].allSatisfy { $0.visited < 10 }, "\(measured)")
    }

    @Test func theHeaderOfADeepStackNamesTheFirstModuleHowManyAreLeftOutAndTheLastThree() throws {
        let builder = NumberedBuilderFake()
        let output = OutputSpy()
        let shell = builder.makeShell(output: output)
        try push(to: 9, shell.stack)
        output.clear()
        shell.execute("open m")
        let header = output.shown.split(separator: "\n").first.map(String.init)
        let text = "Home › M1 › … 6 more … › M8 › M9 › M10"
        #expect(header == "── \(text) " + String(repeating: "─", count: 60 - text.count - 4))
        #expect(shell.breadcrumbLine() == "Home › " + (1...10).map { "M\($0)" }.joined(separator: " › "))
    }

    @Test func aShallowStackIsNamedInFullAndTheFirstElidedStackLeavesOutThree() throws {
        let builder = NumberedBuilderFake()
        let shell = builder.makeShell(output: OutputSpy())
        try push(to: 6, shell.stack)
        #expect(Shell.headerCrumbs(of: shell.stack) == ["Home", "M1", "M2", "M3", "M4", "M5", "M6"])
        try push(to: 7, shell.stack)
        #expect(Shell.headerCrumbs(of: shell.stack) == ["Home", "M1", "… 3 more …", "M5", "M6", "M7"])
        try shell.stack.open(path: "m")
        try (shell.stack.top?.view as? NumberedViewFake)?.router.present(NumberedContract.self)
        #expect(Shell.headerCrumbs(of: shell.stack) == ["Home", "M1", "… 5 more …", "M7", "M8", "M9 (modal)"])
    }
}
