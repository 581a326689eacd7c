import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperShell

/// A navigation command against the number of installed plugins: the shell's
/// `open bench/bench-0001` / `back` with 10, 1,000 and 5,000 plugins in the folder, each
/// count in a process of its own (`viper-bench --navigate`), warm cache, lazy loading.
///
/// Wall time: the counts take turns in ``rounds`` rounds at least, each round in the other
/// order from the last, and each row's ratio is the median of the rounds' own ratios (a count's
/// time per command over the 10-plugin one of the same round), printed with the ratio of the
/// medians and the rounds' quartiles (``RoundRatios``). The child's CPU time per command is
/// reported beside it, read the same way: it leaves out the time a session waited for a core
/// while the machine ran other work, which moves wall time from round to round.
///
/// Instructions (`--callgrind`): each count runs twice under callgrind, with 200 and 2,200
/// commands; the difference divided by 2,000 is one command without the process's start-up.
enum NavigationBench {
    static let counts = [10, 1000, 5000]
    static let script = ["open bench/bench-0001", "back"]
    /// Rounds at least, whatever the invocation's runs: with medians of 3 to 5 the time rows move
    /// by half their value from run to run, and the 10-plugin baseline by more.
    /// A round's own ratio still spreads by ±10 to 15 % on a quiet machine, in CPU time as in wall
    /// time (one process runs faster than the next), so the median needs about 20 of them.
    static let rounds = 21

    /// `viper-bench --navigate VIPER FOLDER DATA COMMANDS`: starts a runtime over FOLDER in this
    /// process, runs the script once (the plugin loads on the first open: not counted), then
    /// COMMANDS commands, and prints the seconds per command in wall time and in this process's
    /// CPU time (`CLOCK_PROCESS_CPUTIME_ID`: the time it ran, not the time it waited for a core
    /// while the machine's other work ran), separated by a space.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4 || (arguments.count == 5 && arguments[4] == ProfilingBench.untimed), let commands = Int(arguments[3]),
            commands > 0
        else {
            FileHandle.standardError.write(Data("viper-bench: --navigate takes VIPER FOLDER DATA COMMANDS [untimed]\n".utf8))
            return 64
        }
        PluginTally.isOn = arguments.count == 4  // `untimed`: the profile's measuring off (``ProfilingBench``)
        do {
            // The runtime loads plugins on a registry miss through a weak reference: keep it alive.
            let (runtime, shell) = try session(viper: arguments[0], folder: arguments[1], data: arguments[2])
            defer { withExtendedLifetime(runtime) {} }
            for line in script { try run(shell, line) }
            let cpuBefore = cpuSeconds()
            let seconds = try Stopwatch.seconds {
                for index in 0..<commands { try run(shell, script[index % 2]) }
            }
            let cpu = cpuSeconds() - cpuBefore
            shell.finish()
            print(seconds / Double(commands), cpu / Double(commands))
            return 0
        } catch {
            FileHandle.standardError.write(Data("viper-bench: \(error)\n".utf8))
            return 1
        }
    }

    private static func session(viper: String, folder: String, data: String) throws -> (HostRuntime, Shell) {
        var options = RuntimeOptions(
            environment: ["VIPER_DATA_DIR": data, "XDG_DATA_HOME": data + "/xdg", "HOME": data],
            executableDirectory: Paths.parent(viper))
        options.pluginFlags = [folder]
        options.echoLevel = nil
        options.scannerExecutable = viper
        let runtime = HostRuntime(options: options)
        try runtime.start()
        let stack = NavigationStack(registry: runtime.registry, logger: runtime.logger)
        let home = HomeView(routes: { stack.routes.map(\.spec) }, pluginsLoaded: runtime.records.count, problems: runtime.problems.count)
        return (runtime, Shell(stack: stack, home: home, output: output, style: .plain, width: 60))
    }

    private static let output = DiscardedOutput()

    /// The CPU time this process has used, in seconds (the scheduler's count, to the nanosecond).
    private static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func run(_ shell: Shell, _ line: String) throws {
        guard shell.execute(line) == .succeeded else {
            throw StartupLab.Failure(description: "the in-process shell failed '\(line)': \(output.lastError)")
        }
    }
}

extension StartupLab {
    /// The navigation rows: per command with 1,000 and 5,000 plugins against 10, in wall time and,
    /// with `callgrind`, in instructions.
    func navigationRows(runs: Int, callgrind: Bool) throws -> [BenchmarkSuite.Row] {
        var folders: [Int: (folder: String, data: String)] = [:]
        for count in NavigationBench.counts {
            let folder = try pluginFolder(count: count, name: "navigation")
            let data = freshData()
            // A start that scans and writes the cache: the measured sessions start warm.
            _ = try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit\n"), environment: environment(data: data))
            folders[count] = (folder, data)
        }
        let rows = try navigationTimeRows(folders, runs: runs)
        guard callgrind else { return rows }
        guard let valgrind = CallgrindBench.which("valgrind") else {
            throw CallgrindBench.Unavailable(description: "--callgrind needs valgrind on PATH (apt-get install valgrind)")
        }
        return rows + (try navigationInstructionRows(folders, valgrind: valgrind))
    }

    /// The time rows: the counts in turns, ``NavigationBench/rounds`` rounds at least; wall time
    /// holds the target, the child's CPU time is reported beside it (no target).
    private func navigationTimeRows(_ folders: [Int: (folder: String, data: String)], runs: Int) throws -> [BenchmarkSuite.Row] {
        var wall: [Int: RoundRatios] = [:], cpu: [Int: RoundRatios] = [:]
        let base = NavigationBench.counts[0]
        for round in 0..<max(runs, NavigationBench.rounds) {
            var times: [Int: (wall: Double, cpu: Double)] = [:]
            for count in RoundRatios.order(NavigationBench.counts, round: round) {
                guard let place = folders[count] else { continue }
                times[count] = try navigationTimes(place.folder, place.data, commands: 20_000)
            }
            for count in NavigationBench.counts.dropFirst() {
                guard let time = times[count], let baseline = times[base] else { continue }
                wall[count, default: RoundRatios()].add(measured: time.wall, baseline: baseline.wall)
                cpu[count, default: RoundRatios()].add(measured: time.cpu, baseline: baseline.cpu)
            }
        }
        func row(_ what: String, _ rounds: RoundRatios?, target: Double?) -> BenchmarkSuite.Row {
            let rounds = rounds ?? RoundRatios()
            return BenchmarkSuite.Row(
                name: what, measured: BenchmarkSuite.duration(RoundRatios.median(rounds.measured)) + " " + rounds.spread,
                baseline: BenchmarkSuite.duration(RoundRatios.median(rounds.baseline)), ratio: rounds.medianOfRatios, target: target)
        }
        return NavigationBench.counts.dropFirst().flatMap { count in
            [
                row("navigation: open + back, \(count) vs \(base) plugins, per command", wall[count], target: 1.1),
                row("navigation: open + back, \(count) vs \(base) plugins, CPU time per command", cpu[count], target: nil),
            ]
        }
    }

    /// The instruction rows: each count under callgrind with 200 and 2,200 commands, differenced.
    private func navigationInstructionRows(_ folders: [Int: (folder: String, data: String)], valgrind: String) throws -> [BenchmarkSuite.Row] {
        let base = NavigationBench.counts[0]
        var rows: [BenchmarkSuite.Row] = []
        var instructions: [Int: Double] = [:]
        for count in NavigationBench.counts {
            guard let place = folders[count] else { continue }
            let few = try navigationInstructions(place.folder, place.data, commands: 200, valgrind: valgrind)
            let many = try navigationInstructions(place.folder, place.data, commands: 2_200, valgrind: valgrind)
            instructions[count] = (many - few) / 2_000
        }
        let baseInstructions = instructions[base] ?? 1
        for count in NavigationBench.counts.dropFirst() {
            let measured = instructions[count] ?? 0
            rows.append(
                BenchmarkSuite.Row(
                    name: "navigation: open + back, \(count) vs \(base) plugins, instructions per command",
                    measured: "\(Int(measured.rounded())) instr", baseline: "\(Int(baseInstructions.rounded())) instr",
                    ratio: measured / max(baseInstructions, 1), target: 1.1))
        }
        return rows
    }

    /// Seconds per command of a `--navigate` child, in wall time and in the CPU time of its process.
    private func navigationTimes(_ folder: String, _ data: String, commands: Int) throws -> (wall: Double, cpu: Double) {
        let result = try Self.run([benchExecutable, "--navigate", viper, folder, data, String(commands)], direct: true)
        let fields = result.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard result.status == 0, fields.count == 2 else {
            throw Failure(description: "the navigation child failed: \(result.output.suffix(500))")
        }
        return (fields[0], fields[1])
    }

    /// The instructions callgrind counts in a `--navigate` child of `commands` commands.
    private func navigationInstructions(_ folder: String, _ data: String, commands: Int, valgrind: String) throws -> Double {
        let child = [benchExecutable, "--navigate", viper, folder, data, String(commands)]
        return Double(try CallgrindBench.count([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + child))
    }

    /// A folder of `count` generated plugins of its own (made once per lab).
    func pluginFolder(count: Int, name: String) throws -> String {
        let folder = root + "/plugins-\(name)-\(count)"
        guard !FileManager.default.fileExists(atPath: folder) else { return folder }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in 0..<count {
            try FileManager.default.copyItem(atPath: root + "/libbench-template.so", toPath: folder + String(format: "/libbench-%04d.so", number + 1))
        }
        return folder
    }
}

extension CallgrindBench {
    /// The instructions callgrind counted running `arguments` (valgrind and its options first).
    static func count(_ arguments: [String]) throws -> Int {
        let result = try StartupLab.run(arguments)
        guard result.status == 0,
            let line = result.output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let count = line.split(separator: " ").last.flatMap({ Int($0) })
        else {
            throw Unavailable(description: "callgrind did not count '\(arguments.dropFirst(3).joined(separator: " "))': \(result.output.suffix(400))")
        }
        return count
    }
}

/// Takes what the shell prints and drops it (the text is still made).
private final class DiscardedOutput: ShellOutput, @unchecked Sendable {
    var bytes = 0
    /// The last error shown, for the message when a command fails.
    var lastError = ""
    func show(_ text: String) { bytes &+= text.utf8.count }
    func error(_ message: String) { lastError = message }
    func warning(_ message: String) { bytes &+= message.utf8.count }
}
