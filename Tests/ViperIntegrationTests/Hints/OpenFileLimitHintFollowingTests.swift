import Foundation
import Testing
import ViperTestSupport

/// viper started with too few open files allowed (`ulimit -n` in the shell that starts it): the
/// bundled plugins cannot be opened, or no scanner can start, or the shell's file watcher cannot.
/// The plugins' lines say this is no fault of the plugin and to raise the limit ('ulimit -n 1024')
/// and start viper again; done so, every plugin is ready, as nothing of the starved start was kept
/// in the scan cache. The watcher's line adds --no-watch; either fix leaves no warning.
@Suite(.serialized, .tags(.slow)) struct OpenFileLimitHintFollowingTests {
    /// `viper ARGUMENTS` started by a shell that ran `ulimit` first, as a person's shell would.
    private func start(_ viper: ViperProcess, after ulimit: [String], _ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.tool(["sh", "-c", ulimit.joined(separator: " ") + " && exec \"$0\" \"$@\"", BuildProducts.viper] + arguments,
                            in: NSTemporaryDirectory(), environment: viper.environment)
    }

    /// The first limit from 5 up (to 40) at which a fresh start (with `options`) prints `hint`: the viper it
    /// ran as, the limit, and the line.
    private func starved(until hint: String, options: [String] = [], prepare: (ViperProcess) throws -> Void = { _ in })
        throws -> (ViperProcess, Int, String)
    {
        var seen: [String] = []
        for limit in 5...40 {
            let viper = ViperProcess()
            try prepare(viper)
            let result = try start(viper, after: ["ulimit", "-n", "\(limit)"], options + ["-c", "where"])
            if let line = Hint.line(hint, in: result.output) { return (viper, limit, line) }
            seen.append("\(limit): \(result.output.prefix(300))")
        }
        Issue.record("no open-file limit from 5 to 40 made viper print '\(hint)':\n\(seen.joined(separator: "\n"))")
        throw CancellationError()
    }

    @Test(arguments: [
        "cannot be opened now (Too many open files), which says nothing of the plugin: viper ran out of open files (this viper may open ",
        "could not be scanned (cannot start the scanner: ",
    ])
    func aStarvedStartIsFollowedByAStartWithTheLimitTheLineNames(hint: String) throws {
        let (viper, _, line) = try starved(until: hint)
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

    /// The shell's file watcher (`--watch`, as an interactive shell and `viper dev` watch by
    /// default) that cannot start: each of the line's two fixes leaves the shell without the warning.
    @Test(arguments: ["inotify_init1 failed", "pipe failed"], ["ulimit", "--no-watch"])
    func aWatcherThatCannotStartIsFollowedByEitherFixTheLineNames(hint: String, fix: String) throws {
        let (viper, limit, line) = try starved(until: "warning: cannot watch plugin files: \(hint) (Too many open files)", options: ["--watch"])
        #expect(line.hasSuffix("; raise the limit of open files ('ulimit -n 1024' in the shell that starts viper), or run with --no-watch"), "\(line)")
        let followed: Subprocess.Result
        if fix == "ulimit" {
            let ulimit = try #require(Hint.commands(in: line).first { $0.first == "ulimit" }, "\(line)")
            followed = try start(viper, after: ulimit, ["--watch", "-c", "where"])
            #expect(!followed.output.contains("Too many open files"), "\(followed.output)")
        } else {
            followed = try start(viper, after: ["ulimit", "-n", "\(limit)"], ["--watch", "--no-watch", "-c", "where"])
        }
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("cannot watch plugin files"), "\(followed.output)")
        #expect(followed.output.hasSuffix("Home\n"), "\(followed.output)")
    }

    /// Starved before it reads its data folder: the plugin lock (there is none: viper cannot tell,
    /// so it loads nothing) and config.json cannot be opened. Started again after the quoted
    /// ulimit, the plugins load and the config (it isolates greeter) is read.
    @Test func theDataFolderFilesOfAStarvedStartAreReadOnceTheLimitIsRaisedAsTheLinesSay() throws {
        let (viper, _, lock) = try starved(until: "plugins.lock: the plugin lock cannot be opened now (Too many open files)") { viper in
            try Data(#"{"isolate": ["greeter"]}"#.utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        }
        #expect(lock.contains("which says nothing of it (if there is one): viper ran out of open files"), "\(lock)")
        let ulimit = try #require(Hint.commands(in: lock).first { $0.first == "ulimit" }, "\(lock)")
        #expect(ulimit == ["ulimit", "-n", "1024"], "\(lock)")
        let followed = try start(viper, after: ulimit, ["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("Too many open files"), "\(followed.output)")
        let listed = try start(viper, after: ulimit, ["plugins"]).output
        #expect(listed.contains("isolated (named in \"isolate\" in config.json;"), "the config was read: \(listed)")
        #expect(listed.contains("greeter 1.0.0  [ready]"), "\(listed)")
    }

    @Test func aConfigViperCouldNotOpenIsReadOnceTheLimitIsRaisedAsItsLineSays() throws {
        let (viper, _, line) = try starved(until: "config.json: the config cannot be opened now (Too many open files)") { viper in
            try Data(#"{"isolate": ["greeter"]}"#.utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        }
        #expect(line.hasSuffix("; raise the limit of open files ('ulimit -n 1024' in the shell that starts viper), then start viper again"), "\(line)")
        let ulimit = try #require(Hint.commands(in: line).first { $0.first == "ulimit" }, "\(line)")
        let listed = try start(viper, after: ulimit, ["plugins"])
        #expect(!listed.output.contains("the config cannot"), "\(listed.output)")
        #expect(listed.output.contains("isolated (named in \"isolate\" in config.json;"), "the config was read: \(listed.output)")
    }
}
