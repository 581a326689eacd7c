import Foundation
import ViperCore
import ViperLoading
import ViperRuntime
import ViperShell

/// A navigation command against the number of installed plugins (issue 27): the shell's
/// `open bench/bench-0001` / `back` with 10, 1,000 and 5,000 plugins in the folder, each
/// count in a process of its own (`viper-bench --navigate`), warm cache, lazy loading.
///
/// Wall time: the counts take turns in ``rounds`` rounds at least, each round in the other
/// order from the last, and each row's ratio is the median of the rounds' own ratios (a count's
/// time per command over the 10-plugin one of the same round), printed with the ratio of the
/// medians and the rounds' quartiles (``RoundRatios``). Instructions (`--callgrind`): each
/// count runs twice under callgrind, with 200 and 2,200 commands; the difference divided by
/// 2,000 is one command without the process's start-up.
enum NavigationBench {
    static let counts = [10, 1000, 5000]
    static let script = ["open bench/bench-0001", "back"]
    /// Rounds at least, whatever the invocation's runs: with medians of 3 to 5 the time rows read
    /// 0.78× to 1.47× from run to run, and the 10-plugin baseline 17.6 to 354 µs (runs 1 to 9).
    static let rounds = 15

    /// `viper-bench --navigate VIPER FOLDER DATA COMMANDS`: starts a runtime over FOLDER in this
    /// process, runs the script once (the plugin loads on the first open: not counted), then
    /// COMMANDS commands, and prints the seconds per command.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, let commands = Int(arguments[3]), commands > 0 else {
            FileHandle.standardError.write(Data("viper-bench: --navigate takes VIPER FOLDER DATA COMMANDS\n".utf8))
            return 64
        }
        do {
            // The runtime loads plugins on a registry miss through a weak reference: keep it alive.
            let (runtime, shell) = try session(viper: arguments[0], folder: arguments[1], data: arguments[2])
            defer { withExtendedLifetime(runtime) {} }
            for line in script { try run(shell, line) }
            let seconds = try Stopwatch.seconds {
                for index in 0..<commands { try run(shell, script[index % 2]) }
            }
            shell.finish()
            print(seconds / Double(commands))
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

    /// The wall-time rows: the counts in turns, ``NavigationBench/rounds`` rounds at least.
    private func navigationTimeRows(_ folders: [Int: (folder: String, data: String)], runs: Int) throws -> [BenchmarkSuite.Row] {
        var rounds: [Int: RoundRatios] = [:]
        let base = NavigationBench.counts[0]
        for round in 0..<max(runs, NavigationBench.rounds) {
            var times: [Int: Double] = [:]
            for count in RoundRatios.order(NavigationBench.counts, round: round) {
                guard let place = folders[count] else { continue }
                times[count] = try navigate(place.folder, place.data, commands: 20_000, valgrind: nil)
            }
            for count in NavigationBench.counts.dropFirst() {
                guard let time = times[count], let baseline = times[base] else { continue }
                rounds[count, default: RoundRatios()].add(measured: time, baseline: baseline)
            }
        }
        var rows: [BenchmarkSuite.Row] = []
        for count in NavigationBench.counts.dropFirst() {
            let round = rounds[count] ?? RoundRatios()
            rows.append(
                BenchmarkSuite.Row(
                    name: "navigation: open + back, \(count) vs \(base) plugins, per command",
                    measured: BenchmarkSuite.duration(RoundRatios.median(round.measured)) + " " + round.spread,
                    baseline: BenchmarkSuite.duration(RoundRatios.median(round.baseline)),
                    ratio: round.medianOfRatios, target: 1.1))
        }
        return rows
    }

    /// The instruction rows: each count under callgrind with 200 and 2,200 commands, differenced.
    private func navigationInstructionRows(_ folders: [Int: (folder: String, data: String)], valgrind: String) throws -> [BenchmarkSuite.Row] {
        let base = NavigationBench.counts[0]
        var rows: [BenchmarkSuite.Row] = []
        var instructions: [Int: Double] = [:]
        for count in NavigationBench.counts {
            guard let place = folders[count] else { continue }
            let few = try navigate(place.folder, place.data, commands: 200, valgrind: valgrind)
            let many = try navigate(place.folder, place.data, commands: 2_200, valgrind: valgrind)
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

    /// Seconds per command of a `--navigate` child; under `valgrind`, its instruction count instead.
    private func navigate(_ folder: String, _ data: String, commands: Int, valgrind: String?) throws -> Double {
        let child = [benchExecutable, "--navigate", viper, folder, data, String(commands)]
        guard let valgrind else {
            let result = try Self.run(child, direct: true)
            guard result.status == 0, let seconds = Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw Failure(description: "the navigation child failed: \(result.output.suffix(500))")
            }
            return seconds
        }
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
