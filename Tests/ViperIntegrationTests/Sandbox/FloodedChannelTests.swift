import Foundation
import Testing
@testable import ViperLoading
import ViperTestSupport

/// The scanner's result channel against a plugin that floods it: its constructor runs
/// in the scanner before its result is written and writes 64 MiB without a newline to every pipe
/// it finds. The parent takes no line longer than ``ScanWorker/longestLine``: the flooder is
/// broken as a forger is, and the file after it in its batch is judged on its own (its entry point
/// aborts), forked scanner or spawned.
@Suite struct FloodedChannelTests {
    /// A folder holding the flooder (`libaa_flood.so`) and the file after it (`libzz_victim.so`).
    private func folder() throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/flood_channel.c", encoding: .utf8)
        let flooder = try FixtureCompiler.cPlugin(named: "flood_channel", source: source)
        let victim = try FixtureCompiler.cPlugin(named: "flood_channel_victim", source: source, extraFlags: ["-DVICTIM"])
        let folder = try TemporaryFolder.make("flooded-channel")
        try FileManager.default.copyItem(atPath: flooder, toPath: folder + "/libaa_flood.so")
        try FileManager.default.copyItem(atPath: victim, toPath: folder + "/libzz_victim.so")
        return folder
    }

    @Test(arguments: [false, true])
    func aPluginThatWritesMegabytesWithoutANewlineIsBrokenAndTheNextFileIsJudgedOnItsOwn(exec: Bool) throws {
        var viper = ViperProcess()
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let result = try viper.run(["plugins", "--plugins", try folder()])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("libaa_flood.so  [broken]"), "\(result.stdout)")
        #expect(result.stdout.contains("disabled:  \(ScanWorker.overlong)"), "\(result.stdout)")
        #expect(result.stdout.contains("libzz_victim.so  [broken]"), "\(result.stdout)")
        #expect(
            result.stdout.contains("disabled:  crashed the scanner with SIGABRT (aborted) while loading; it is skipped until the file changes"),
            "\(result.stdout)")
    }
}

/// The bound itself, on a worker over a child that begins its file under the seal and then writes
/// 17 MiB of zero bytes (no newline): the worker calls it tampering once the unfinished line passes
/// ``ScanWorker/longestLine``, and the file loading then is the culprit.
@Suite struct LongestLineTests {
    @Test func anUnfinishedLineLongerThanTheBoundIsTamperingWhileTheFileLoads() throws {
        let seal = ScanSeal.make()
        let begin = seal.text + "\t" + ScanMode.Line.begin("/p/f0").text
        let script = "printf '%s\\n' '\(begin)'; head -c \(ScanWorker.longestLine + (1 << 20)) /dev/zero; sleep 5"
        let process = try ChildProcess.start(executable: "/bin/sh", arguments: ["-c", script], environment: [:], ownGroup: true)
        let worker = ScanWorker(process: process, files: [PluginFile(path: "/p/f0", folder: PluginFolder(path: "/p", origin: .flag))], seal: seal)
        defer { worker.process.stop(); worker.process.wait() }
        let deadline = Date().addingTimeInterval(30)
        while worker.tampered == nil, !worker.atEnd, Date() < deadline {
            var one = pollfd(fd: worker.process.output, events: Int16(POLLIN), revents: 0)
            if poll(&one, 1, 100) > 0 { worker.read() }
        }
        #expect(worker.tampered == ScanWorker.overlong)
        #expect(worker.current?.path == "/p/f0")
        #expect(worker.results.isEmpty)
    }
}
