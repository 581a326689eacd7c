import Foundation
import ViperLoading
import ViperRuntime

/// The isolated plugin's rows (`viper-bench --isolation`): the bundled greeter run in a boxed
/// process of its own (``IsolatedPlugin``), against a socketpair's floor, the same module in
/// process, and the absolute targets where there is no baseline to share a run with.
enum IsolationBench {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func rows(runs: Int) throws -> [BenchmarkSuite.Row] {
        let products = Paths.executableDirectory()
        let viper = products + "/viper", greeter = products + "/libGreeterPlugin.so"
        for file in [viper, greeter] where !FileManager.default.fileExists(atPath: file) {
            throw Failure(description: "\(file) is missing; run 'swift build -c release' first")
        }
        let data = NSTemporaryDirectory() + "viper-bench-isolation-\(getpid())"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        let environment = ProcessInfo.processInfo.environment

        // First use: the process started, boxed, the plugin loaded and its module built.
        var firstUses: [Double] = []
        var plugin: IsolatedPlugin?
        for _ in 0..<max(runs, 5) {
            plugin?.stop()
            let fresh = IsolatedPlugin(
                name: "greeter", path: greeter, executable: viper, dataFolder: data, environment: environment, allowInsecure: false)
            var handle: UInt32 = 0
            SpareProcess.prepare(executable: viper, environment: environment)
            _ = SpareProcess.waitUntilReady(seconds: 5)
            firstUses.append(try Stopwatch.seconds { handle = try build(fresh) })
            _ = handle
            plugin = fresh
        }
        guard let plugin else { throw Failure(description: "no isolated plugin started") }
        let handle = try build(plugin)

        // One call: a lifecycle call answers with the module's whole state (title, commands, lines).
        var frame = WireWriter(.lifecycle)
        frame.integer(handle)
        frame.byte(IsolationWire.Lifecycle.appear.rawValue)
        let calls = 20_000
        var times: [Double] = []
        times.reserveCapacity(calls)
        let childPid = plugin.pid ?? 0
        let cpuBefore = processCPU() + childCPU(childPid)
        let wallBefore = Stopwatch.now()
        for _ in 0..<calls {
            let bytes = frame.bytes
            times.append(try Stopwatch.seconds { _ = try plugin.call(bytes) })
        }
        // CPU of both processes a call, against its wall time: what the spin costs back to back.
        let cpuPerCall = (processCPU() + childCPU(childPid) - cpuBefore) / Double(calls)
        let wallPerCall = Double(Stopwatch.now() - wallBefore) / 1e9 / Double(calls)
        times.sort()
        // The floor is the bare blocking ping-pong: no spin on either thread.
        let spin = IsolationWire.spin
        IsolationWire.spin = 0
        let floor = socketFloor(calls: calls)
        IsolationWire.spin = spin
        let median = times[times.count / 2], p99 = times[times.count * 99 / 100]

        // The first call after the person paused: both sides asleep in recv, past any spin.
        var idleTimes: [Double] = []
        for _ in 0..<200 {
            usleep(2000)
            let bytes = frame.bytes
            idleTimes.append(try Stopwatch.seconds { _ = try plugin.call(bytes) })
        }
        idleTimes.sort()
        let idle = idleTimes[idleTimes.count / 2]

        let memory = self.memory(plugin.pid ?? 0)
        let loadedOnly = try dlopenFloor(plugin: greeter, folder: data)

        // Crash to the failure the shell prints: the process killed by SIGSEGV under a call.
        var crashes: [Double] = []
        for _ in 0..<max(runs, 5) {
            let victim = IsolatedPlugin(
                name: "greeter", path: greeter, executable: viper, dataFolder: data, environment: environment, allowInsecure: false)
            let built = try build(victim)
            var call = WireWriter(.lifecycle)
            call.integer(built)
            call.byte(IsolationWire.Lifecycle.appear.rawValue)
            guard let pid = victim.pid else { continue }
            crashes.append(
                Stopwatch.seconds {
                    kill(pid, SIGSEGV)
                    _ = try? victim.call(call.bytes)
                })
        }
        plugin.stop()
        let navigation = try openAndBack(viper: viper, data: data, environment: environment, runs: runs)
        firstUses.sort()
        crashes.sort()
        let firstUse = firstUses[firstUses.count / 2], crash = crashes[crashes.count / 2]
        return [
            BenchmarkSuite.Row(
                name: "isolated call round trip (median) vs a socketpair ping-pong between threads",
                measured: BenchmarkSuite.duration(median), baseline: BenchmarkSuite.duration(floor),
                ratio: median / floor, target: 10e-6 / floor),
            BenchmarkSuite.Row(
                name: "isolated call round trip (p99) vs the same floor",
                measured: BenchmarkSuite.duration(p99), baseline: BenchmarkSuite.duration(floor),
                ratio: p99 / floor, target: 25e-6 / floor),
            BenchmarkSuite.Row(
                name: "isolated call after 2 ms idle (median of 200; both sides asleep) vs the same floor",
                measured: BenchmarkSuite.duration(idle), baseline: BenchmarkSuite.duration(floor),
                ratio: idle / floor, target: nil),
            BenchmarkSuite.Row(
                name: "CPU of viper + the plugin's process per back-to-back call vs its wall time (spin \(Int(spin * 1e6)) µs)",
                measured: BenchmarkSuite.duration(cpuPerCall), baseline: BenchmarkSuite.duration(wallPerCall),
                ratio: cpuPerCall / wallPerCall, target: nil),
            BenchmarkSuite.Row(
                name: "open hello + back in a piped shell, greeter isolated vs in process (per pair; session start and first use differenced out)",
                measured: BenchmarkSuite.duration(RoundRatios.median(navigation.rounds.measured)) + " " + navigation.rounds.spread,
                baseline: BenchmarkSuite.duration(RoundRatios.median(navigation.rounds.baseline)),
                ratio: navigation.rounds.medianOfRatios, target: 2),
            BenchmarkSuite.Row(
                name: "the same pairs less a session that only quits (the plugin's first use spread over them)",
                measured: BenchmarkSuite.duration(RoundRatios.median(navigation.firstUseIncluded.measured)),
                baseline: BenchmarkSuite.duration(RoundRatios.median(navigation.firstUseIncluded.baseline)),
                ratio: navigation.firstUseIncluded.medianOfRatios, target: nil),
            BenchmarkSuite.Row(
                name: "isolated plugin's first use when a piped session opens it at once (its spare still starting) vs the 15 ms target",
                measured: BenchmarkSuite.duration(RoundRatios.median(navigation.firstUseAtOnce)), baseline: "15 ms",
                ratio: RoundRatios.median(navigation.firstUseAtOnce) / 0.015, target: nil),
            BenchmarkSuite.Row(
                name: "isolated plugin's first use (a ready spare boxed, the plugin loaded, a module built) vs the 15 ms target",
                measured: BenchmarkSuite.duration(firstUse), baseline: "15 ms", ratio: firstUse / 0.015, target: 1),
            BenchmarkSuite.Row(
                name: "isolated plugin's crash to the shell's line vs the 50 ms target",
                measured: BenchmarkSuite.duration(crash), baseline: "50 ms", ratio: crash / 0.05, target: 1),
            BenchmarkSuite.Row(
                name: "isolated plugin's resident memory (greeter, one module; Rss) vs 16 MiB",
                measured: mebibytes(memory.rss), baseline: "16 MiB", ratio: Double(memory.rss) / 16384, target: 1),
            BenchmarkSuite.Row(
                name: "the same process's proportional share (Pss) and its own pages (private) vs 16 MiB",
                measured: "\(mebibytes(memory.pss)) Pss, \(mebibytes(memory.private)) private", baseline: "16 MiB",
                ratio: Double(memory.pss) / 16384, target: 1),
            BenchmarkSuite.Row(
                name: "floor: a C process that only dlopens the greeter (its Swift runtime and Foundation, no viper code; Rss) vs 16 MiB",
                measured: "\(mebibytes(loadedOnly.rss)) (\(mebibytes(loadedOnly.pss)) Pss)", baseline: "16 MiB",
                ratio: Double(loadedOnly.rss) / 16384, target: nil),
            BenchmarkSuite.Row(
                name: "isolated plugin's Rss above that floor (viper's code, the box, the wire, the built module) vs the floor",
                measured: mebibytes(memory.rss - loadedOnly.rss), baseline: mebibytes(loadedOnly.rss),
                ratio: Double(memory.rss - loadedOnly.rss) / Double(max(loadedOnly.rss, 1)), target: nil),
        ]
    }

    /// `open hello` + `back` in piped sessions, isolated and in process, a pair's cost with the
    /// session's start and the plugin's first use differenced out: each round runs, per side, a
    /// session of ``leadPairs`` pairs and one of that many plus ``pairs``, and a side's pair costs the
    /// difference over ``pairs``. Both sessions of a side start viper, start the plugin's process
    /// at its first `open` (waiting for the spare just launched) and start the next spare, so all of
    /// that cancels, as in the journal row. The rounds alternate their order (``RoundRatios``);
    /// ``pairRounds`` of them, at least `runs`. A session of each kind runs first, unmeasured: the
    /// first session in a data folder scans the plugins and fills its caches.
    ///
    /// `firstUseIncluded` is the long session less a session that only quits, over its pairs: the
    /// plugin's first use (about 20–35 ms in a session that opens it at once) spread over the
    /// pairs. Beside the differenced row, without a target, it shows how much that first use weighs.
    private static func openAndBack(viper: String, data: String, environment: [String: String], runs: Int) throws
        -> (rounds: RoundRatios, firstUseIncluded: RoundRatios, firstUseAtOnce: [Double])
    {
        func script(_ count: Int) -> String { String(repeating: "open hello\nback\n", count: count) + "quit\n" }
        let short = script(leadPairs), long = script(leadPairs + pairs)
        let sides: [(arguments: [String], input: String)] = [
            (["--isolate", "greeter"], short), ([], short), (["--isolate", "greeter"], long), ([], long),
            (["--isolate", "greeter"], "quit\n"), ([], "quit\n"),
        ]
        _ = try session(viper, ["--isolate", "greeter"], input: "open hello\nquit\n", data: data, environment: environment)
        _ = try session(viper, [], input: "open hello\nquit\n", data: data, environment: environment)
        var rounds = RoundRatios(), firstUseIncluded = RoundRatios(), firstUseAtOnce: [Double] = []
        for round in 0..<max(runs, pairRounds) {
            var seconds = Array(repeating: 0.0, count: sides.count)
            for index in RoundRatios.order(Array(sides.indices), round: round) {
                seconds[index] = try session(viper, sides[index].arguments, input: sides[index].input, data: data, environment: environment)
            }
            rounds.add(measured: (seconds[2] - seconds[0]) / Double(pairs), baseline: (seconds[3] - seconds[1]) / Double(pairs))
            let total = Double(leadPairs + pairs)
            firstUseIncluded.add(measured: (seconds[2] - seconds[4]) / total, baseline: (seconds[3] - seconds[5]) / total)
            // The short session less the quitting one and its pairs: the first `open`, spare still starting.
            firstUseAtOnce.append(seconds[0] - seconds[4] - Double(leadPairs) * (seconds[2] - seconds[0]) / Double(pairs))
        }
        return (rounds, firstUseIncluded, firstUseAtOnce)
    }

    /// The pairs of the shorter session of each round, whose time is taken off the longer's.
    static let leadPairs = 1000
    /// The pairs the row differences.
    static let pairs = 4000
    /// Alternated rounds of the open + back row.
    static let pairRounds = 9

    /// Seconds for one piped `viper --plain` session reading `input`, spawned and reaped directly
    /// (``StartupLab/timedRun(_:inputFile:environment:)``): Foundation's `Process` notices an exit
    /// only at its run loop's next 50 ms turn, which rounded these sessions to 50 ms steps.
    private static func session(_ viper: String, _ arguments: [String], input: String, data: String, environment: [String: String]) throws -> Double {
        let inputPath = data + "/input-\(input.utf8.count).txt"
        if !FileManager.default.fileExists(atPath: inputPath) { try input.write(toFile: inputPath, atomically: true, encoding: .utf8) }
        return try StartupLab.timedRun([viper, "--plain", "--data", data + "/session"] + arguments, inputFile: inputPath, environment: environment)
    }

    /// Builds the greeter's module in `plugin`'s process; its handle.
    private static func build(_ plugin: IsolatedPlugin) throws -> UInt32 {
        do {
            try plugin.start()
            var writer = WireWriter(.build)
            writer.integer(0)
            writer.texts([])
            writer.texts([])
            writer.bool(false)  // not put on screen: no appearance with the build
            var reply = try plugin.call(writer.bytes)
            guard reply.kind == .ok else { throw Failure(description: "the greeter's module did not build: \(try reply.text())") }
            return try reply.integer()
        } catch let error as IsolatedPlugin.Failure {
            throw Failure(description: error.description)
        }
    }

    /// The median round trip of a small frame between two threads over a socketpair.
    private static func socketFloor(calls: Int) -> Double {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { return 1 }
        let far = ends[1]
        let echo = Thread {
            while case .success(let bytes) = IsolationWire.receive(from: far) {
                guard IsolationWire.send(bytes, on: far) else { return }
            }
        }
        echo.start()
        var times: [Double] = []
        let frame = WireWriter(.ok).bytes
        for _ in 0..<calls {
            times.append(
                Stopwatch.seconds {
                    _ = IsolationWire.send(frame, on: ends[0])
                    _ = IsolationWire.receive(from: ends[0])
                })
        }
        close(ends[0])
        times.sort()
        return times[times.count / 2]
    }

    /// A process's resident memory in KiB (`smaps_rollup`): every page it maps that is in memory
    /// (Rss, which counts the Swift runtime and Foundation pages viper and every plugin process
    /// share), its proportional share of them (Pss), and the pages only it has (private).
    static func memory(_ pid: pid_t) -> (rss: Int, pss: Int, private: Int) {
        guard let rollup = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return (0, 0, 0) }
        var fields: [String: Int] = [:]
        for line in rollup.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count >= 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        return (fields["Rss:"] ?? 0, fields["Pss:"] ?? 0, (fields["Private_Clean:"] ?? 0) + (fields["Private_Dirty:"] ?? 0))
    }

    private static func mebibytes(_ kib: Int) -> String {
        String(format: "%.1f MiB", Double(kib) / 1024)
    }

    /// Seconds of CPU this process has used.
    private static func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds of CPU another process's threads have used (`/proc/PID/task/*/schedstat`).
    private static func childCPU(_ pid: pid_t) -> Double {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var nanoseconds = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8) else { continue }
            nanoseconds += Int(text.split(separator: " ").first ?? "") ?? 0
        }
        return Double(nanoseconds) / 1e9
    }
}
