import ConformanceKit
import Foundation
import Testing
import ViperTestSupport

@testable import ViperCheck

/// `viper check` judges a module-only plugin's modules in its own process, against the plugin
/// running isolated: a plugin that reads the check's secret from memory and sends a whole passing
/// transcript (`Tests/Fixtures/Sandbox/CheckForgerPlugin.swift`) does not conform, because its real
/// modules fail checks the plugin's code cannot reach. Before the module checks crossed the wire,
/// the same plugin was reported "6 passed; forger conforms", exit 0.
@Suite struct CheckAcrossTheWireTests {
    private func forger() throws -> String {
        try Fixtures.swift("Sandbox/CheckForgerPlugin.swift", module: "CheckForgerPlugin")
    }

    /// The gated plugin (good, module-only) alone in a folder of its own.
    private func gated() throws -> String {
        let folder = try TemporaryFolder.make("gated")
        let path = folder + "/libGatedPlugin.so"
        try FileManager.default.copyItem(atPath: try Fixtures.swift("Sandbox/GatedPlugin.swift", module: "GatedPlugin"), toPath: path)
        return path
    }

    private func sha256(_ path: String) throws -> String {
        let result = try Subprocess.tool(["sha256sum", path])
        return String(result.stdout.prefix(64))
    }

    @Test func aForgerThatSendsAWholePassingTranscriptFromMemoryDoesNotConform() throws {
        let library = try forger()
        let result = try ViperProcess().run(["check", library])
        // The forgery reached the parent with the run's secret: the child's lines are the forger's
        // (its `registers` has no count; the checker's own says "1 module(s), ...").
        #expect(result.stdout.contains("pass  [plugin] registers\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("report:"), "\(result.stdout)")
        // What viper judged itself, from the plugin's real module across the wire.
        #expect(result.stdout.contains("fail  [ForgerInput] empty-state: the view's title is empty"), "\(result.stdout)")
        #expect(result.stdout.contains("fail  [ForgerInput] commands: command 'go' has no help"), "\(result.stdout)")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("forger does not conform\n"), "\(result.stdout)")
    }

    @Test func theForgersJSONReportSaysViperJudgedTheFailures() throws {
        let result = try ViperProcess().run(["check", "--json", try forger()])
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["conforms"] as? Bool == false)
        let checks = try #require(document["checks"] as? [[String: Any]])
        let emptyState = checks.first { $0["check"] as? String == "empty-state" }
        #expect(emptyState?["judgedBy"] as? String == "viper")
        #expect(emptyState?["passed"] as? Bool == false)
        #expect(checks.contains { $0["judgedBy"] as? String == "plugin" && $0["check"] as? String == "registers" })
    }

    @Test func aModuleOnlyPluginThatPassesConformsAndIsNamedByItsDigest() throws {
        let path = try gated()
        let result = try ViperProcess().run(["check", path])
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == "sha256 \(try sha256(path)): the bytes judged", "\(result.stdout)")
        let viper = try #require(lines.firstIndex { $0.hasPrefix("judged by viper in its own process") }, "\(result.stdout)")
        let plugin = try #require(lines.firstIndex { $0.hasPrefix("judged in the plugin's own process") }, "\(result.stdout)")
        let judgedByViper = Array(lines[viper..<plugin])
        #expect(judgedByViper.contains("pass  [plugin] declares: 1 module(s): GatedInput"), "\(result.stdout)")
        #expect(judgedByViper.contains("pass  [GatedInput] builds"), "\(result.stdout)")
        #expect(judgedByViper.contains("pass  [GatedInput] empty-state"), "\(result.stdout)")
        #expect(lines[plugin...].contains("pass  [GatedInput] wired"), "\(result.stdout)")
        #expect(!lines[plugin...].contains("pass  [GatedInput] empty-state"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("gated conforms\n"), "\(result.stdout)")
    }

    @Test func aPluginThatCannotRunIsolatedSaysAllItsChecksWereJudgedInItsProcess() throws {
        let result = try ViperProcess().run(["check", try Fixtures.good()])
        #expect(!result.stdout.contains("judged by viper in its own process"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "judged in the plugin's own process (it cannot run isolated: it provides service "),
            "\(result.stdout)")
        #expect(result.stdout.contains("a plugin built to deceive can forge these:"), "\(result.stdout)")
    }

    /// The plugin's file is replaced while the plugin is being loaded for the check (its entry
    /// waits at a FIFO the test holds): the check names the digest of the bytes it read first
    /// and refuses a verdict.
    @Test func aFileReplacedDuringTheCheckIsRefusedNamingTheDigestJudged() throws {
        let path = try gated()
        let before = try sha256(path)
        let gate = (path as NSString).deletingLastPathComponent + "/gate"
        #expect(mkfifo(gate, 0o600) == 0)
        var viper = ViperProcess()
        viper.environment["VIPER_TEST_GATE"] = gate
        let done = DispatchSemaphore(value: 0)
        let result = Outcome()
        let runner = viper
        DispatchQueue.global().async {
            result.value = try? runner.run(["check", path])
            // A check that never opened the gate must not leave this test waiting at it.
            let unblock = open(gate, O_RDONLY | O_NONBLOCK)
            if unblock >= 0 { close(unblock) }
            done.signal()
        }
        let writer = open(gate, O_WRONLY)  // returns once the plugin's entry waits at the gate
        let swapped = path + ".new"
        try FileManager.default.copyItem(atPath: try forger(), toPath: swapped)
        #expect(rename(swapped, path) == 0)
        unlink(gate)
        if writer >= 0 { close(writer) }
        done.wait()
        let output = try #require(result.value)
        #expect(output.status == 1, "\(output.stdout)")
        #expect(output.stdout.contains("sha256 \(before): the bytes judged"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "fail  [plugin] file: \(path) changed while it was checked (sha256 \(before) when the check began; now sha256 \(try sha256(path)))"),
            "\(output.stdout)")
        #expect(output.stdout.hasSuffix("does not conform\n"), "\(output.stdout)")
    }

    /// A plugin that registers other modules in the check's child than when isolated cannot be
    /// judged: viper's checks would be of modules other than those the child's lines are about.
    @Test func modulesOtherInTheChildThanAcrossTheWireFail() {
        let child = [
            CheckResult(check: "registers", subject: "plugin", passed: true),
            CheckResult(check: "builds", subject: "Shown", passed: true),
        ]
        let other = CheckWire.sameModules(wire: ["Judged"], child: child)
        #expect(other?.passed == false)
        #expect(other?.reason?.hasPrefix("it registered modules Shown in the checker's process and Judged when isolated") == true)
        #expect(CheckWire.sameModules(wire: ["Shown"], child: child) == nil)
    }

    /// The check's result, handed from the thread that waited for it.
    private final class Outcome: @unchecked Sendable {
        var value: Subprocess.Result?
    }
}
