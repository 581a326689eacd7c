import Foundation
import Testing
import ViperTestSupport

/// viper started with too few open files allowed (`ulimit -n` in the shell that starts it): the
/// bundled plugins cannot be opened, or no scanner can start. Each line says this is no fault of
/// the plugin and to raise the limit ('ulimit -n 1024') and start viper again; done so, every
/// plugin is ready, as nothing of the starved start was kept in the scan cache.
@Suite(.serialized, .tags(.slow)) struct OpenFileLimitHintFollowingTests {
    /// `viper ARGUMENTS` started by a shell that ran `ulimit` first, as a person's shell would.
    private func start(_ viper: ViperProcess, after ulimit: [String], _ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.tool(["sh", "-c", ulimit.joined(separator: " ") + " && exec \"$0\" \"$@\"", BuildProducts.viper] + arguments,
                            in: NSTemporaryDirectory(), environment: viper.environment)
    }

    /// The first limit from 5 up at which a fresh start prints `hint`, the viper it ran as, and the line.
    private func starved(until hint: String) throws -> (ViperProcess, String) {
        var seen: [String] = []
        for limit in 5...16 {
            let viper = ViperProcess()
            let result = try start(viper, after: ["ulimit", "-n", "\(limit)"], ["-c", "where"])
            if let line = Hint.line(hint, in: result.output) { return (viper, line) }
            seen.append("\(limit): \(result.output.prefix(300))")
        }
        Issue.record("no open-file limit from 5 to 16 made viper print '\(hint)':\n\(seen.joined(separator: "\n"))")
        throw CancellationError()
    }

    @Test(arguments: [
        "cannot be opened now (Too many open files), which says nothing of the plugin: viper ran out of open files (this viper may open ",
        "could not be scanned (cannot start the scanner: ",
    ])
    func aStarvedStartIsFollowedByAStartWithTheLimitTheLineNames(hint: String) throws {
        let (viper, line) = try starved(until: hint)
        let plugin = Hint.subject(of: line)
        #expect(plugin.hasPrefix(BuildProducts.directory) || plugin.contains("/debug/lib"), "a bundled plugin: \(line)")
        let ulimit = try #require(Hint.commands(in: line).first { $0.first == "ulimit" }, "\(line)")
        #expect(ulimit == ["ulimit", "-n", "1024"], "\(line)")
        #expect(line.hasSuffix(", then start viper again"), "\(line)")

        // The same data folder (and scan cache), started again after the quoted ulimit.
        let followed = try start(viper, after: ulimit, ["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("Too many open files"), "\(followed.output)")
        // The plugin the line was about is ready: its block's heading, above its path.
        let listed = try start(viper, after: ulimit, ["plugins"]).output.split(separator: "\n").map(String.init)
        let path = try #require(listed.firstIndex(of: "  path:      \(plugin) (bundled)"), "\(listed)")
        #expect(path > 0 && listed[path - 1].hasSuffix("  [ready]"), "\(listed)")
    }
}
