import Foundation

/// `viper-bench --callgrind`: the in-process rows again, as instructions per call counted by
/// `valgrind --tool=callgrind`, which do not move with the machine's load. Each loop runs in a
/// process of its own twice, with 1,000 and 11,000 iterations; the difference divided by
/// 10,000 is the cost of one call without the process's own start-up.
enum CallgrindBench {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static let pairs: [(name: String, measured: InProcessBench.Loop, baseline: InProcessBench.Loop, target: Double)] = [
        ("resolve a service by contract vs its factory, instructions", .resolve, .factory, 1.5),
        ("call a resolved provider vs its factory, instructions", .provider, .factory, 2),
        ("build a module with 3 services by contract vs bare hand wiring, instructions", .module, .byHand, 1.5),
    ]

    static func rows(executable: String) throws -> [BenchmarkSuite.Row] {
        guard let valgrind = which("valgrind") else {
            throw Unavailable(description: "--callgrind needs valgrind on PATH (apt-get install valgrind)")
        }
        return try pairs.map { pair in
            let measured = try perCall(pair.measured, valgrind: valgrind, executable: executable)
            let baseline = try perCall(pair.baseline, valgrind: valgrind, executable: executable)
            return BenchmarkSuite.Row(
                name: pair.name, measured: "\(Int(measured.rounded())) instr", baseline: "\(Int(baseline.rounded())) instr",
                ratio: measured / max(baseline, 1), target: pair.target)
        }
    }

    /// Instructions of one iteration of `loop`.
    static func perCall(_ loop: InProcessBench.Loop, valgrind: String, executable: String) throws -> Double {
        let few = try instructions(loop, iterations: 1_000, valgrind: valgrind, executable: executable)
        let many = try instructions(loop, iterations: 11_000, valgrind: valgrind, executable: executable)
        return Double(many - few) / 10_000
    }

    private static func instructions(_ loop: InProcessBench.Loop, iterations: Int, valgrind: String, executable: String) throws -> Int {
        let result = try StartupLab.run([
            valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null",
            executable, "--loop", loop.rawValue, String(iterations),
        ])
        guard result.status == 0,
            let line = result.output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let count = line.split(separator: " ").last.flatMap({ Int($0) })
        else {
            throw Unavailable(description: "callgrind did not count '\(loop.rawValue)': \(result.output.suffix(400))")
        }
        return count
    }

    static func which(_ tool: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
