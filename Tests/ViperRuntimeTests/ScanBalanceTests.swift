import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime

/// A scanner that has many files left when a core is free gives the later half of them to a
/// new scanner (``PluginScanner``'s balancing); what it keeps and what it gives up.
@Suite struct ScanBalanceTests {
    private func files(_ count: Int) -> [PluginFile] {
        (0..<count).map { PluginFile(path: "/p/f\($0)", folder: PluginFolder(path: "/p", origin: .flag)) }
    }

    /// A worker over a child that prints `script`'s lines (the scanner's protocol) to its pipe.
    private func worker(_ script: String, files: [PluginFile]) throws -> ScanWorker {
        let process = try ChildProcess.start(executable: "/bin/sh", arguments: ["-c", script], environment: [:], ownGroup: true)
        return ScanWorker(process: process, files: files)
    }

    private func read(_ worker: ScanWorker, until done: (ScanWorker) -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !done(worker), !worker.atEnd, Date() < deadline {
            var one = pollfd(fd: worker.process.output, events: Int16(POLLIN), revents: 0)
            if poll(&one, 1, 100) > 0 { worker.read() }
        }
    }

    @Test func theLaterHalfOfTheFilesNotBegunIsHandedOffAndTheOneLoadingIsKept() throws {
        let worker = try worker("printf 'B\\t/p/f2\\n'; sleep 5", files: files(10))
        defer { worker.process.stop(); worker.process.wait() }
        read(worker) { $0.current != nil }
        #expect(worker.current?.path == "/p/f2")
        let rest = worker.handOffHalf()  // f3...f9 not begun: the later 3 go
        #expect(rest.map(\.path) == ["/p/f7", "/p/f8", "/p/f9"])
        #expect(worker.files.map(\.path) == (0...6).map { "/p/f\($0)" })
        #expect(worker.remainingCount == 7)
        #expect(!worker.isDone)
    }

    @Test func aScannerThatReachesAHandedOffFileIsDoneWithoutAnsweringForIt() throws {
        let worker = try worker("printf 'B\\t/p/f0\\n'; sleep 0.3; printf 'B\\t/p/f3\\n'; sleep 5", files: files(5))
        defer { worker.process.stop(); worker.process.wait() }
        read(worker) { $0.current != nil }
        #expect(worker.handOffHalf().map(\.path) == ["/p/f3", "/p/f4"])
        read(worker) { $0.isDone }
        #expect(worker.isDone)
        #expect(worker.unscanned.map(\.path) == ["/p/f0", "/p/f1", "/p/f2"])
    }

    @Test func nothingIsHandedOffWhenFewerThanTwoFilesAreLeft() throws {
        let worker = try worker("printf 'B\\t/p/f1\\n'; sleep 5", files: files(3))
        defer { worker.process.stop(); worker.process.wait() }
        read(worker) { $0.current != nil }
        #expect(worker.handOffHalf().isEmpty)
        #expect(worker.files.count == 3)
    }
}
