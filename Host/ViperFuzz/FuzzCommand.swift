import Contracts
import Foundation
import ViperLoading
import ViperRuntime
import ViperShell

/// `viper-fuzz`: fuzzes every input the host reads, with a seed, and reports what broke.
///
///     viper-fuzz                                   # the long round (see `defaultCounts`)
///     viper-fuzz shell=2000 elf=50 --seed 7        # chosen targets and sizes
///
/// Targets: `shell` (lines typed or piped into the shell), `routes` (paths and
/// parameters), `config` (config.json), `cache` (plugin-cache), `elf` (plugin
/// files through the scanner). The seed corpus is `Tests/Fixtures/Fuzz` (or `--corpus DIR`);
/// the seed comes from `--seed` or `VIPER_FUZZ_SEED` (default 1). Exit status 0 when
/// nothing broke, 1 when something did (each failure is listed with its input), 3 on a
/// hang, and the signal when the fuzzer itself crashed (the input is printed first).
package enum FuzzCommand {
    /// The long round (about ten minutes on two cores): five times the suite's 100,000 shell lines.
    package static let defaultCounts: [(String, Int)] = [("shell", 500_000), ("routes", 500_000), ("config", 10_000), ("cache", 1_000), ("elf", 2_000)]

    /// What a command line asked for.
    private struct Settings {
        var counts: [(String, Int)] = []
        var seed: UInt64
        var corpus: String
        var hangLimit = 20.0
    }

    /// What `parse` found instead of settings: `--help`, or a wrong argument.
    private enum Stop: Error {
        case help
        case usage(String)
    }

    /// Runs the fuzzer; `say` receives each line of the report as it is ready. Returns the exit status.
    package static func main(arguments: [String], environment: [String: String], say: (String) -> Void) -> Int32 {
        StandardOutput.lineBuffered()  // each round's line shows as it finishes, piped or not
        let settings: Settings
        do {
            settings = try parse(arguments, environment: environment)
        } catch Stop.usage(let message) {
            return usage(message, say)
        } catch {
            say(help)
            return 0
        }
        isolateFromTheNetwork()
        let watchdog = FuzzWatchdog(limit: settings.hangLimit)
        let seeds = FuzzCorpus(folder: settings.corpus)
        say("viper-fuzz: seed \(settings.seed), corpus \(settings.corpus), hang limit \(settings.hangLimit) s")
        var failed = false
        for (target, count) in settings.counts {
            let report = run(target, count: count, seed: settings.seed, seeds: seeds, watchdog: watchdog)
            say(report.summary)
            report.failureLines.forEach(say)
            failed = failed || report.failureCount > 0
        }
        say(failed ? "FAILED (replay with --seed \(settings.seed))" : "ok")
        return failed ? 1 : 0
    }

    private static func parse(_ arguments: [String], environment: [String: String]) throws -> Settings {
        var settings = Settings(seed: environment["VIPER_FUZZ_SEED"].flatMap(UInt64.init) ?? 1, corpus: defaultCorpus())
        var words = arguments.makeIterator()
        while let argument = words.next() {
            switch argument {
            case "--seed":
                guard let text = words.next(), let number = UInt64(text) else { throw Stop.usage("--seed takes a whole number") }
                settings.seed = number
            case "--corpus":
                guard let text = words.next() else { throw Stop.usage("--corpus takes a folder") }
                settings.corpus = Paths.absolute(text)
            case "--hang-seconds":
                guard let text = words.next(), let number = Double(text), number > 0 else { throw Stop.usage("--hang-seconds takes a number") }
                settings.hangLimit = number
            case "--help", "-h":
                throw Stop.help
            default:
                let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, defaultCounts.contains(where: { $0.0 == parts[0] }), let count = Int(parts[1]), count >= 0 else {
                    throw Stop.usage("unknown argument '\(argument)'")
                }
                settings.counts.append((parts[0], count))
            }
        }
        if settings.counts.isEmpty { settings.counts = defaultCounts }
        return settings
    }

    /// Keeps the Articles plugin's fetches off the network (a proxy on a closed local port) and
    /// crashes quiet (no backtrace of a crash the fuzzer provoked on purpose).
    private static func isolateFromTheNetwork() {
        for name in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            setenv(name, "http://127.0.0.1:9", 1)
        }
        unsetenv("no_proxy")
        unsetenv("NO_PROXY")
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
    }

    /// One target's round. Its inputs depend on the seed and the target's name only, so one can be replayed alone.
    private static func run(_ target: String, count: Int, seed: UInt64, seeds: FuzzCorpus, watchdog: FuzzWatchdog) -> FuzzReport {
        var random = FuzzRandom(seed: seed ^ target.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
        let report = FuzzReport(target: target)
        do {
            switch target {
            case "shell":
                try ShellFuzzer(seeds: seeds.lines("shell.txt"), watchdog: watchdog).run(count: count, random: &random, report: report)
            case "routes":
                RouteFuzzer(seeds: seeds.lines("routes.txt"), realRoutes: try bundledRoutes(), watchdog: watchdog)
                    .run(count: count, random: &random, report: report)
            case "config":
                try ConfigFuzzer(seeds: seeds.files("config"), watchdog: watchdog).run(count: count, random: &random, report: report)
            case "cache":
                try CacheFuzzer(seeds: seeds.files("cache"), watchdog: watchdog).run(count: count, random: &random, report: report)
            default:
                let products = Paths.executableDirectory()
                let plugins = ["Greeter", "NoteStorage", "Account"].map { Paths.join(products, "lib\($0)Plugin.so") }
                try ELFFuzzer(seeds: plugins, watchdog: watchdog).run(count: count, random: &random, report: report)
            }
        } catch {
            report.fail("the target could not run: \(error)", input: "")
        }
        return report
    }

    static let help = """
        Usage: viper-fuzz [TARGET=COUNT ...] [--seed N] [--corpus DIR] [--hang-seconds S]

        Fuzzes every input viper reads and reports each broken property with its input.
        Targets (default: the long round): \(defaultCounts.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        The seed also comes from VIPER_FUZZ_SEED (default 1); the corpus is Tests/Fixtures/Fuzz.
        """

    private static func usage(_ message: String, _ say: (String) -> Void) -> Int32 {
        say("viper-fuzz: \(message); see 'viper-fuzz --help'")
        return 64
    }

    /// `Tests/Fixtures/Fuzz` under the current folder, else in the source tree this was built from.
    static func defaultCorpus() -> String {
        let here = Paths.absolute("Tests/Fixtures/Fuzz")
        if FileManager.default.fileExists(atPath: here) { return here }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path + "/Tests/Fixtures/Fuzz"
    }

    /// The routes the bundled plugins declare, from a scan-free in-process start.
    private static func bundledRoutes() throws -> [RouteSpec] {
        let setup = try FuzzSetup(label: "routes")
        defer { setup.remove() }
        let runtime = HostRuntime(options: setup.options(isolated: false))
        try runtime.start()
        return runtime.registry.routeEntries.map(\.spec)
    }
}
