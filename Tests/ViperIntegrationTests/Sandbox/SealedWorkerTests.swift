import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport

/// What the parent takes from a sealed scanner (``ScanWorker`` with a ``ScanSeal``):
/// lines under the scanner's secret, each file begun in its turn and answered while it loads;
/// a line without the secret, or a file begun or answered out of turn, and nothing more is taken.
@Suite struct SealedWorkerTests {
    private let seal = ScanSeal(secret: "0123456789abcdef0123456789abcdef")!

    private func files(_ count: Int) -> [PluginFile] {
        (0..<count).map { PluginFile(path: "/p/f\($0)", folder: PluginFolder(path: "/p", origin: .flag)) }
    }

    private func begin(_ index: Int) -> String { ScanMode.Line.begin("/p/f\(index)").text }

    private func result(_ index: Int) -> String {
        ScanMode.Line.result(ScanResult(stamp: .missing("/p/f\(index)"), outcome: .failed("refused: f\(index)"))).text
    }

    /// A worker over a child that writes `lines` to its pipe, then waits to be stopped.
    private func worker(_ lines: [String], files count: Int) throws -> ScanWorker {
        let file = try TemporaryFolder.make("sealed") + "/lines"
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let process = try ChildProcess.start(executable: "/bin/sh", arguments: ["-c", "cat '\(file)'; sleep 5"], environment: [:],
                                             ownGroup: true)
        let worker = ScanWorker(process: process, files: files(count), seal: seal)
        let deadline = Date().addingTimeInterval(5)
        // Until every line is taken: the last result, or a refusal.
        while worker.tampered == nil, !worker.isDone, !worker.atEnd, Date() < deadline {
            var one = pollfd(fd: worker.process.output, events: Int16(POLLIN), revents: 0)
            if poll(&one, 1, 100) > 0 { worker.read() }
        }
        return worker
    }

    private func sealed(_ line: String) -> String { seal.text + "\t" + line }

    @Test func sealedLinesInTurnGiveEveryResult() throws {
        let worker = try worker([begin(0), result(0), begin(1), result(1)].map(sealed), files: 2)
        defer { worker.process.stop(); worker.process.wait() }
        #expect(worker.isDone)
        #expect(worker.tampered == nil)
        #expect(worker.results["/p/f1"]?.outcome == .failed("refused: f1"))
    }

    @Test func aLineWithoutTheSecretIsTamperingAndNothingAfterItIsTaken() throws {
        let worker = try worker([sealed(begin(0)), result(0), sealed(result(0))], files: 1)
        defer { worker.process.stop(); worker.process.wait() }
        #expect(worker.tampered == ScanWorker.unsealed)
        #expect(worker.results.isEmpty)
        #expect(worker.current?.path == "/p/f0")
    }

    @Test func aLineUnderAnotherSecretIsTampering() throws {
        let other = String(repeating: "0", count: 32) + "\t"
        let worker = try worker([sealed(begin(0)), other + result(0)], files: 1)
        defer { worker.process.stop(); worker.process.wait() }
        #expect(worker.tampered == ScanWorker.unsealed)
        #expect(worker.results.isEmpty)
    }

    @Test func aSealedResultForAFileThatIsNotLoadingIsTampering() throws {
        let worker = try worker([begin(0), result(1), result(0)].map(sealed), files: 2)
        defer { worker.process.stop(); worker.process.wait() }
        #expect(worker.tampered == ScanWorker.outOfTurn("gave a result for /p/f1"))
        #expect(worker.results.isEmpty)
    }

    @Test func aSealedBeginOutOfOrderIsTampering() throws {
        let worker = try worker([begin(1), result(1)].map(sealed), files: 2)
        defer { worker.process.stop(); worker.process.wait() }
        #expect(worker.tampered == ScanWorker.outOfTurn("began /p/f1"))
        #expect(worker.current == nil)
    }

    @Test func aSpawnedScannerAskedForASealItWasNotGivenLoadsNothingAndEndsWith2() throws {
        let plugin = BuildProducts.plugin("Notes")
        let result = try ViperProcess().run([ScanMode.command, ScanSeal.option, plugin], input: "")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test func aSpawnedScannerWritesEveryLineUnderTheSecretOnItsStandardInput() throws {
        let plugin = BuildProducts.plugin("Notes")
        let result = try ViperProcess().run([ScanMode.command, ScanSeal.option, plugin], input: seal.text + "\n")
        let lines = result.stdout.split(separator: "\n").map { Array($0.utf8) }
        #expect(lines.count == 2, "\(result.stdout)")
        let opened = lines.compactMap { seal.open($0[...]) }
        #expect(opened.count == 2, "every line is under the secret: \(result.stdout)")
        guard case .result(let parsed) = try ScanMode.Line(parsing: try #require(opened.last)) else {
            Issue.record("the last line is not a result: \(result.stdout)")
            return
        }
        #expect(parsed.stamp.path == plugin)
    }

    @Test func aSealedBeginOfAFileNeverAskedIsTampering() throws {
        let worker = try worker([begin(0), result(0), ScanMode.Line.begin("/elsewhere/x.so").text].map(sealed), files: 2)
        defer { worker.process.stop(); worker.process.wait() }
        #expect(worker.tampered == ScanWorker.outOfTurn("began /elsewhere/x.so"))
        #expect(worker.results.count == 1, "what came in turn before it stays")
    }
}
