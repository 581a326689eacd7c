import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperShell

/// `viper-bench --feeds`: the Articles plugin's figures, against a small HTTP server in this
/// process (``BenchFeedServer``) that counts the requests it gets.
///
/// - Opening the list with 10 subscribed feeds and a warm cache, in process, against opening
///   the greeter: the open must ask the server nothing (the row fails otherwise). The session
///   holds the copies it read, so this is a second open; the whole-process rows have the first,
///   against `viper -c where` and against the target of 50 ms.
/// - A refresh waiting on a server that takes 2 s to answer, as a child process: its CPU time
///   (wait4's rusage, start-up included) against its wall time; the target is a tenth.
/// - A 1,000-item feed read from a file and listed, in process, against a 10-item one and
///   against the target of 100 ms.
enum FeedsBench {
    static func rows(runs: Int) throws -> [BenchmarkSuite.Row] {
        let products = Paths.executableDirectory()
        guard FileManager.default.fileExists(atPath: products + "/libArticlesPlugin.so") else {
            throw StartupLab.Failure(description: "\(products)/libArticlesPlugin.so is missing; run 'swift build -c release' first")
        }
        let root = NSTemporaryDirectory() + "viper-bench-feeds-\(getpid())"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try BenchFeedServer()
        return [
            try warmOpenRow(products: products, root: root, server: server, runs: runs)
        ] + (try warmProcessRows(products: products, root: root, server: server, runs: runs)) + [
            try slowRefreshRow(products: products, root: root, server: server)
        ] + (try bigFeedRows(products: products, root: root, runs: runs))
    }

    /// An in-process shell over the bundled plugins, on `data`, with the clock pinned.
    private static func shell(products: String, data: String, root: String) throws -> Shell {
        var options = RuntimeOptions(
            environment: [
                "VIPER_DATA_DIR": data, "XDG_DATA_HOME": root + "/xdg", "HOME": root,
                "VIPER_NOW": "2026-12-01T09:00:00Z", "VIPER_TZ": "UTC",
            ],
            executableDirectory: products)
        options.pluginFlags = [products + "/libArticlesPlugin.so", products + "/libGreeterPlugin.so"]
        options.echoLevel = nil
        options.scannerExecutable = products + "/viper"
        let runtime = HostRuntime(options: options)
        try runtime.start()
        runtime.loadAll()
        for problem in runtime.problems { FileHandle.standardError.write(Data("viper-bench: \(problem.message)\n".utf8)) }
        let stack = NavigationStack(registry: runtime.registry, logger: runtime.logger)
        let home = HomeView(routes: stack.routes.map(\.spec), pluginsLoaded: runtime.records.count, problems: runtime.problems.count)
        return Shell(stack: stack, home: home, output: DiscardingOutput(), style: .plain, width: 80)
    }

    /// The median wall and CPU seconds (this thread's, which runs the shell and the plugin) of
    /// `open` + `back`, `runs` times after one run not counted. On a shared machine the CPU time
    /// is the steadier figure: a neighbour's load stretches the wall time only.
    private static func openAndBack(_ shell: Shell, _ route: String, runs: Int) throws -> (wall: Double, cpu: Double) {
        func once() throws {
            for line in ["open \(route)", "back"] where shell.execute(line) != .succeeded {
                throw StartupLab.Failure(description: "the in-process shell failed '\(line)'")
            }
        }
        try once()
        var walls: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<max(1, runs) {
            let cpuStart = threadCPU()
            walls.append(try Stopwatch.seconds(once))
            cpus.append(threadCPU() - cpuStart)
        }
        return (Stopwatch.median(of: walls), Stopwatch.median(of: cpus))
    }

    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func describe(_ timing: (wall: Double, cpu: Double)) -> String {
        "\(BenchmarkSuite.duration(timing.cpu)) CPU (\(BenchmarkSuite.duration(timing.wall)) wall)"
    }

    private static func warmOpenRow(products: String, root: String, server: BenchFeedServer, runs: Int) throws -> BenchmarkSuite.Row {
        let data = root + "/data-warm"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let feeds = (1...10).map { server.url("feed-\($0).xml") }
        try JSONEncoder().encode(feeds).write(to: URL(fileURLWithPath: data + "/feeds.json"))
        let shell = try shell(products: products, data: data, root: root)
        defer { shell.finish() }
        // The first open fetches the ten feeds (the cache is cold); every later one must not.
        guard shell.execute("open articles") == .succeeded, shell.execute("back") == .succeeded else {
            throw StartupLab.Failure(description: "the first 'open articles' failed")
        }
        let fetched = server.requests
        let measured = try openAndBack(shell, "articles", runs: max(runs, 5) * 4)
        let baseline = try openAndBack(shell, "hello", runs: max(runs, 5) * 4)
        guard server.requests == fetched, fetched == 10 else {
            throw StartupLab.Failure(
                description: "'open articles' within the max age asked the server \(server.requests - fetched) times (first open: \(fetched))")
        }
        return BenchmarkSuite.Row(
            name: "feeds: open articles + back again in one session, 10 feeds, warm cache, 0 requests (vs open hello + back)",
            measured: describe(measured), baseline: describe(baseline),
            ratio: measured.cpu / max(baseline.cpu, 1e-9), target: nil)
    }

    /// The whole process, as a person's `viper -c 'open articles'` runs it, on the warm data
    /// folder of ``warmOpenRow``: CPU time (wait4's rusage), against `viper -c where` and against 50 ms.
    private static func warmProcessRows(products: String, root: String, server: BenchFeedServer, runs: Int) throws -> [BenchmarkSuite.Row] {
        var environment = ProcessInfo.processInfo.environment
        environment["VIPER_DATA_DIR"] = root + "/data-warm"
        environment["XDG_DATA_HOME"] = root + "/xdg"
        environment["NO_COLOR"] = "1"
        environment["VIPER_NOW"] = "2026-12-01T09:10:00Z"
        environment["VIPER_TZ"] = "UTC"
        environment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        let before = server.requests
        func cpu(_ command: String) throws -> (cpu: Double, wall: Double) {
            var times: [Double] = []
            var walls: [Double] = []
            for _ in 0..<max(runs, 5) {
                let usage = try StartupLab.timedRunWithUsage(
                    [products + "/viper", "-c", command], inputFile: "/dev/null",
                    environment: environment)
                times.append(usage.user + usage.system)
                walls.append(usage.wall)
            }
            return (Stopwatch.median(of: times), Stopwatch.median(of: walls))
        }
        let opened = try cpu("open articles")
        let measured = opened.cpu
        let baseline = try cpu("where").cpu
        guard server.requests == before else {
            throw StartupLab.Failure(description: "'viper -c open articles' within the max age asked the server \(server.requests - before) times")
        }
        return [
            BenchmarkSuite.Row(
                name: "feeds: viper -c 'open articles', 10 feeds, warm cache, 0 requests, whole process CPU (vs viper -c where)",
                measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
                ratio: measured / max(baseline, 1e-9), target: nil),
            BenchmarkSuite.Row(
                name: "feeds: viper -c 'open articles', 10 feeds, warm cache, 0 requests, whole process CPU vs its target",
                measured: "\(BenchmarkSuite.duration(measured)) CPU (\(BenchmarkSuite.duration(opened.wall)) wall)",
                baseline: BenchmarkSuite.duration(0.05), ratio: measured / 0.05, target: 1),
        ]
    }

    private static func slowRefreshRow(products: String, root: String, server: BenchFeedServer) throws -> BenchmarkSuite.Row {
        let data = root + "/data-slow"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try JSONEncoder().encode([server.url("slow/feed.xml")]).write(to: URL(fileURLWithPath: data + "/feeds.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["VIPER_DATA_DIR"] = data
        environment["XDG_DATA_HOME"] = root + "/xdg"
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        // Opening fetches the feed (no copy yet) and `refresh` fetches it again: two waits of 2 s.
        let usage = try StartupLab.timedRunWithUsage(
            [products + "/viper", "-c", "open articles; refresh"], inputFile: "/dev/null",
            environment: environment)
        let cpu = usage.user + usage.system
        return BenchmarkSuite.Row(
            name: "feeds: refresh waiting on a server that answers in 2 s (twice), CPU time vs wall time",
            measured: BenchmarkSuite.duration(cpu), baseline: BenchmarkSuite.duration(usage.wall),
            ratio: cpu / max(usage.wall, 1e-9), target: 0.1)
    }

    private static func bigFeedRows(products: String, root: String, runs: Int) throws -> [BenchmarkSuite.Row] {
        let data = root + "/data-big"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let big = root + "/feed-1000.xml", small = root + "/feed-10.xml"
        try BenchFeedServer.rss(items: 1000).write(toFile: big, atomically: true, encoding: .utf8)
        try BenchFeedServer.rss(items: 10).write(toFile: small, atomically: true, encoding: .utf8)
        let shell = try shell(products: products, data: data, root: root)
        defer { shell.finish() }
        let measured = try openAndBack(shell, "articles?source=file://\(big)", runs: max(runs, 5))
        let baseline = try openAndBack(shell, "articles?source=file://\(small)", runs: max(runs, 5))
        return [
            BenchmarkSuite.Row(
                name: "feeds: a 1,000-item RSS feed read, kept and listed (open + back) vs a 10-item one",
                measured: describe(measured), baseline: describe(baseline),
                ratio: measured.cpu / max(baseline.cpu, 1e-9), target: nil),
            BenchmarkSuite.Row(
                name: "feeds: a 1,000-item RSS feed read, kept and listed (open + back), CPU vs its target",
                measured: describe(measured), baseline: BenchmarkSuite.duration(0.1),
                ratio: measured.cpu / 0.1, target: 1),
        ]
    }
}

/// Takes what the shell prints and drops it (the text is still made).
private final class DiscardingOutput: ShellOutput {
    func show(_ text: String) {}
    func error(_ message: String) { FileHandle.standardError.write(Data("viper-bench: \(message)\n".utf8)) }
    func warning(_ message: String) {}
}
