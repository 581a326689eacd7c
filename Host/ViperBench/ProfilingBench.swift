import Foundation
import ViperCommandLine
import ViperCore
import ViperLoading
import ViperRuntime

/// What the always-on profile costs (`viper-bench --profiling`): a navigation command
/// (``NavigationBench``'s `open` + `back` with 10 plugins) with per-plugin measuring on against
/// off (``PluginTally/isOn``), in the same process kind, the two taking turns for
/// ``NavigationBench/rounds`` rounds (each row the median of the rounds' own ratios); with
/// `--callgrind`, in instructions too (clock reads are system calls under valgrind, so the
/// instruction row leaves out the vDSO's few nanoseconds that the time row holds). And the
/// profile of 1,000 loaded plugins made and printed, against its 50 ms target.
enum ProfilingBench {
    /// The argument that turns measuring off in a `--navigate` child.
    static let untimed = "untimed"

    /// `viper-bench --profile-print VIPER FOLDER DATA`: starts a runtime over FOLDER, loads every
    /// plugin, then makes and prints the profile 20 times (to a discarded string); prints the
    /// seconds of one.
    static func printChild(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("viper-bench: --profile-print takes VIPER FOLDER DATA\n".utf8))
            return 64
        }
        var options = RuntimeOptions(
            environment: ["VIPER_DATA_DIR": arguments[2], "XDG_DATA_HOME": arguments[2] + "/xdg", "HOME": arguments[2]],
            executableDirectory: Paths.parent(arguments[0]))
        options.pluginFlags = [arguments[1]]
        options.echoLevel = nil
        options.scannerExecutable = arguments[0]
        let runtime = HostRuntime(options: options)
        do {
            try runtime.start()
        } catch {
            FileHandle.standardError.write(Data("viper-bench: \(error)\n".utf8))
            return 1
        }
        runtime.loadAll()
        var bytes = 0
        let seconds =
            (try? Stopwatch.seconds {
                for _ in 0..<20 { bytes &+= ProfileReport.make(runtime).text().utf8.count }
            }) ?? 0
        print(seconds / 20, bytes)
        return 0
    }
}

extension ProfilingBench {
    /// Measured calls a navigation command makes, on average: `open` builds a module and draws
    /// it, `back` draws the one below (the title and the command list are not measured).
    static let callsPerCommand = 1.5

    /// Seconds one measured call adds (``PluginTally/measure(_:_:)`` around a call, against the
    /// call alone), in this process: the median of 21 paired rounds of 200,000 calls each.
    static func measuringCost() -> Double {
        let tally = PluginTally(plugin: "bench")
        let sink = BlackHole.shared
        let object = BlackHole.shared
        let timing = Stopwatch.paired(
            pairs: 21,
            measured: { for _ in 0..<200_000 { tally.measure(.render) { sink.consume(object) } } },
            baseline: { for _ in 0..<200_000 { sink.consume(object) } })
        return max(0, timing.measured - timing.baseline) / 200_000
    }
}

extension StartupLab {
    /// The profiling rows: measuring on against off on a navigation command, and the profile of 1,000 plugins printed.
    func profilingRows(runs: Int, callgrind: Bool) throws -> [BenchmarkSuite.Row] {
        let folder = try pluginFolder(count: 10, name: "navigation")
        let data = freshData()
        _ = try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit\n"), environment: environment(data: data))
        var wall = RoundRatios(), cpu = RoundRatios()
        for round in 0..<max(runs, NavigationBench.rounds) {
            var times: [Bool: (wall: Double, cpu: Double)] = [:]
            for on in RoundRatios.order([true, false], round: round) {
                times[on] = try profilingTimes(folder, data, on: on, commands: 20_000)
            }
            guard let on = times[true], let off = times[false] else { continue }
            wall.add(measured: on.wall, baseline: off.wall)
            cpu.add(measured: on.cpu, baseline: off.cpu)
        }
        func row(_ what: String, _ rounds: RoundRatios, target: Double?) -> BenchmarkSuite.Row {
            BenchmarkSuite.Row(
                name: what, measured: BenchmarkSuite.duration(RoundRatios.median(rounds.measured)) + " " + rounds.spread,
                baseline: BenchmarkSuite.duration(RoundRatios.median(rounds.baseline)), ratio: rounds.medianOfRatios, target: target)
        }
        var rows = [
            row("profiling: navigation command (open + back, 10 plugins), measuring on vs off, per command", wall, target: 1.01),
            row("profiling: navigation command, measuring on vs off, CPU time per command", cpu, target: nil),
        ]
        if callgrind {
            guard let valgrind = CallgrindBench.which("valgrind") else {
                throw CallgrindBench.Unavailable(description: "--callgrind needs valgrind on PATH (apt-get install valgrind)")
            }
            func perCommand(on: Bool) throws -> Double {
                let (benchExecutable, viper) = (self.benchExecutable, self.viper)
                let child = { (commands: Int) in
                    [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", benchExecutable, "--navigate", viper, folder, data, String(commands)]
                        + (on ? [] : [ProfilingBench.untimed])
                }
                return Double(try CallgrindBench.count(child(2_200)) - CallgrindBench.count(child(200))) / 2_000
            }
            let on = try perCommand(on: true), off = try perCommand(on: false)
            rows.append(
                BenchmarkSuite.Row(
                    name: "profiling: navigation command, measuring on vs off, instructions per command",
                    measured: "\(Int(on.rounded())) instr", baseline: "\(Int(off.rounded())) instr", ratio: on / max(off, 1), target: 1.01))
        }
        let perCall = ProfilingBench.measuringCost()
        let command = RoundRatios.median(wall.baseline)
        let added = perCall * ProfilingBench.callsPerCommand
        rows.append(
            BenchmarkSuite.Row(
                name:
                    "profiling: measuring's own cost per navigation command (\(ProfilingBench.callsPerCommand) calls × \(BenchmarkSuite.duration(perCall))) vs the command",
                measured: BenchmarkSuite.duration(command + added), baseline: BenchmarkSuite.duration(command),
                ratio: (command + added) / max(command, 1e-12), target: 1.01))
        rows.append(try profilePrintRow())
        return rows
    }

    /// The profile of 1,000 loaded plugins, made and printed, against 50 ms.
    private func profilePrintRow() throws -> BenchmarkSuite.Row {
        let folder = try pluginFolder(count: 1000, name: "navigation")
        let data = freshData()
        let result = try Self.run([benchExecutable, "--profile-print", viper, folder, data], direct: true)
        let fields = result.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard result.status == 0, let seconds = fields.first else {
            throw Failure(description: "the profile child failed: \(result.output.suffix(500))")
        }
        return BenchmarkSuite.Row(
            name: "profiling: the profile of 1000 loaded plugins, made and printed, vs its target", measured: BenchmarkSuite.duration(seconds),
            baseline: "50.0 ms", ratio: seconds / 0.05, target: 1)
    }

    /// Seconds per command of a `--navigate` child with measuring `on` or off.
    private func profilingTimes(_ folder: String, _ data: String, on: Bool, commands: Int) throws -> (wall: Double, cpu: Double) {
        let arguments = [benchExecutable, "--navigate", viper, folder, data, String(commands)] + (on ? [] : [ProfilingBench.untimed])
        let result = try Self.run(arguments, direct: true)
        let fields = result.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard result.status == 0, fields.count == 2 else {
            throw Failure(description: "the navigation child failed: \(result.output.suffix(500))")
        }
        return (fields[0], fields[1])
    }
}
