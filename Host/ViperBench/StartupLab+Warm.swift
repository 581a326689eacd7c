import Foundation

extension StartupLab {
    /// `viper-bench --warm`: the warm start alone, with each count of plugins against none, in wall
    /// time (and the readdir + stat floor) and, with `callgrind`, in instructions: a warm start runs
    /// in one process (the descriptor cache answers every file, so no scanner is started), and
    /// callgrind counts all of it, which the machine's load does not move.
    func warmRows(runs: Int, callgrind: Bool) throws -> [BenchmarkSuite.Row] {
        try startupRows(runs: runs, cold: false) + (callgrind ? warmInstructionRows() : [])
    }

    /// Each count's warm start against none's, in instructions.
    func warmInstructionRows() throws -> [BenchmarkSuite.Row] {
        var rows: [BenchmarkSuite.Row] = []
        guard let valgrind = CallgrindBench.which("valgrind") else {
            throw CallgrindBench.Unavailable(description: "--callgrind needs valgrind on PATH (apt-get install valgrind)")
        }
        guard let none = folders[0] else { return rows }
        let noneInstructions = try warmInstructions(folder: none, valgrind: valgrind)
        for count in counts where count > 0 {
            guard let many = folders[count] else { continue }
            let measured = try warmInstructions(folder: many, valgrind: valgrind)
            rows.append(
                BenchmarkSuite.Row(
                    name: "start-up to first prompt, warm cache, \(count) vs 0 plugins, instructions",
                    measured: BenchmarkSuite.instructions(measured), baseline: BenchmarkSuite.instructions(noneInstructions),
                    ratio: Double(measured) / Double(max(noneInstructions, 1)), target: 1.2))
        }
        return rows
    }

    /// The instructions of a warm start over `folder` to its first prompt and `quit` (after one start that writes the cache),
    /// counted in the process that starts the runtime.
    func warmInstructions(folder: String, valgrind: String) throws -> Int {
        let data = freshData()
        _ = try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit\n"), environment: environment(data: data))
        let result = try Self.run(
            [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", viper, "--plugins", folder],
            input: "quit\n", environment: environment(data: data))
        // Two processes report: the supervisor and its forked worker, whose count includes what the
        // two did before the fork and the whole start-up. The supervisor, which relays piped input,
        // can count more than the worker, so the worker is told by its process id: valgrind names
        // the command only for the process it started, not for a forked one.
        guard result.status == 0, let count = Self.forkedCount(result.output) else {
            throw CallgrindBench.Unavailable(description: "callgrind did not count a warm start of \(folder): \(result.output.suffix(400))")
        }
        return count
    }
}

extension StartupLab {
    /// The instructions callgrind collected in a process forked from the one it started (the
    /// largest, should there be several), or nil when no forked process reported.
    static func forkedCount(_ output: String) -> Int? {
        let lines = output.split(separator: "\n")
        let started = lines.first { $0.contains("Command:") }.flatMap { $0.split(separator: " ").first }
        return lines.filter { $0.contains("Collected :") && $0.split(separator: " ").first != started }
            .compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }.max()
    }
}

extension BenchmarkSuite {
    /// An instruction count as the table shows one ("48.1 M instr").
    static func instructions(_ count: Int) -> String {
        count >= 1_000_000 ? String(format: "%.1f M instr", Double(count) / 1_000_000) : "\(count) instr"
    }
}
