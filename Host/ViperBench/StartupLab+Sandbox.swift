import Foundation
import ViperLoading

extension StartupLab {
    /// One cold start as the sandbox rows measure it: wall time, the user and system CPU time of
    /// viper and its reaped children (`wait4`), and the scanners it ran (its log's `scan` line).
    struct SandboxStart {
        var wall: Double
        var user: Double
        var system: Double
        var scanners: Int?
        var cpu: Double { user + system }
    }

    /// What the scanners' sandbox (``Sandbox``) costs a cold start: `viper --plugins FOLDER` with
    /// `count` new plugins, to its first prompt and out, sandboxed against `VIPER_SANDBOX=off`,
    /// each on a fresh data folder (every plugin scanned), in turns and each going first every
    /// other time, so the machine's load and the page cache weigh on both alike.
    ///
    /// The row that holds the target (CPU time within 5%) runs both sides with the
    /// scanner count pinned (`VIPER_SCANNERS`, the count a cold start of `count` plugins chooses
    /// on this machine): unpinned, a third scanner starts when one finishes first, which the
    /// machine's load decides, box or not, and moves a start's CPU time by about 20 ms.
    /// CPU time is split into user and system so a reader sees which moves. The unpinned rows stay
    /// for reading, each side's scanner counts printed beside its median. Medians of at least
    /// ``sandboxRounds`` starts a side, whatever the invocation's count.
    func sandboxRows(count: Int, runs: Int) throws -> [BenchmarkSuite.Row] {
        guard let folder = folders[count] else {
            throw Failure(description: "the sandbox rows need the \(count)-plugin folder (--counts must include it)")
        }
        let input = try inputFile("quit\n")
        let pin = PluginScanner.scannerCount(files: count, cores: ProcessInfo.processInfo.activeProcessorCount)
        let variable = PluginScanner.pinnedScannersVariable
        func cold(boxed: Bool, pinned: Bool) throws -> SandboxStart {
            var extra = [variable: pinned ? String(pin) : ""]
            if !boxed { extra["VIPER_SANDBOX"] = "off" }
            let data = freshData()
            var start = try Self.timedRunWithUsage(
                [viper, "--plugins", folder], inputFile: input, environment: environment(data: data, extra: extra))
            start.scanners = Self.scannersRun(data: data)
            return start
        }
        _ = try cold(boxed: true, pinned: true)  // the plugin files in the page cache for both
        let order: [(boxed: Bool, pinned: Bool)] = [(true, true), (false, true), (false, false), (true, false)]
        var starts: [[SandboxStart]] = Array(repeating: [], count: order.count)
        for run in 0..<max(runs, Self.sandboxRounds) {
            let turn = run % 2 == 0 ? Array(order.indices) : Array(order.indices.reversed())
            for index in turn { starts[index].append(try cold(boxed: order[index].boxed, pinned: order[index].pinned)) }
        }
        let pinnedName = "scanners sandboxed vs VIPER_SANDBOX=off, \(pin) scanners each (\(variable)=\(pin))"
        let chosenName = "scanners sandboxed vs VIPER_SANDBOX=off, scanners as viper chooses"
        return Self.sandboxRows(count: count, name: pinnedName, boxed: starts[0], open: starts[1], target: 1.05, wall: true)
            + Self.sandboxRows(count: count, name: chosenName, boxed: starts[3], open: starts[2], target: nil, wall: false)
    }

    /// The CPU, user and system (and, when `wall`, wall time) rows of boxed starts against open ones;
    /// the CPU row's cells name the scanners each start ran.
    static func sandboxRows(
        count: Int, name: String, boxed: [SandboxStart], open: [SandboxStart], target: Double?, wall: Bool
    ) -> [BenchmarkSuite.Row] {
        func row(_ what: String, _ time: (SandboxStart) -> Double, target: Double? = nil, scanners: Bool = false) -> BenchmarkSuite.Row {
            let measured = median(boxed.map(time)), baseline = median(open.map(time))
            func cell(_ seconds: Double, _ starts: [SandboxStart]) -> String {
                return BenchmarkSuite.duration(seconds) + (scanners ? " (scanners \(scannerCounts(starts)))" : "")
            }
            return BenchmarkSuite.Row(
                name: "start-up to first prompt, cold, \(count) plugins, \(what), \(name)",
                measured: cell(measured, boxed), baseline: cell(baseline, open), ratio: measured / baseline, target: target)
        }
        var rows = [
            row("CPU time", \.cpu, target: target, scanners: true), row("user time", \.user), row("system time", \.system),
        ]
        if wall { rows.append(row("wall time", \.wall)) }
        return rows
    }

    /// Alternated rounds at least: a start's CPU time moves by several percent with the machine's
    /// load: medians of 5 can swing the row from 0.90× to 1.15× within an hour, and on an idle
    /// machine medians of 11 still spread over several hundredths where series of 20 agree.
    static let sandboxRounds = 21

    /// How many starts ran each number of scanners, fewest scanners first: `2×9, 3×2`.
    static func scannerCounts(_ starts: [SandboxStart]) -> String {
        let counts = Dictionary(grouping: starts, by: { $0.scanners ?? 0 }).mapValues(\.count)
        return counts.keys.sorted().map { "\($0 == 0 ? "?" : String($0))×\(counts[$0] ?? 0)" }.joined(separator: ", ")
    }

    /// The scanners the cold start on `data` ran, from the `scan` line it logged; nil without one.
    static func scannersRun(data: String) -> Int? {
        guard let log = try? String(contentsOfFile: data + "/viper.log", encoding: .utf8) else { return nil }
        for line in log.split(separator: "\n") where line.contains("[scan] scanned ") {
            guard let with = line.range(of: " with ") else { continue }
            return Int(line[with.upperBound...].prefix { $0.isNumber })
        }
        return nil
    }

    /// Runs `arguments` to its end with `inputFile` on standard input and its output discarded;
    /// returns the wall seconds and the CPU seconds (user + system) it and its reaped children used.
    static func timedRunWithCPU(_ arguments: [String], inputFile: String, environment: [String: String]) throws -> (wall: Double, cpu: Double) {
        let start = try timedRunWithUsage(arguments, inputFile: inputFile, environment: environment)
        return (start.wall, start.cpu)
    }

    /// Runs `arguments` as ``timedRunWithCPU(_:inputFile:environment:)`` does; returns the wall
    /// seconds and the user and system CPU seconds apart (`wait4`'s `ru_utime` and `ru_stime`).
    static func timedRunWithUsage(_ arguments: [String], inputFile: String, environment: [String: String]) throws -> SandboxStart {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputFile, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(Stopwatch.now() - start) / 1e9
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (status \(status))")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return SandboxStart(wall: wall, user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }
}
