import Foundation

/// Whether a start-up's cost per plugin stays flat as plugins are added: each
/// start-up is timed with 0, N and 4N plugins (N = 2,500: 10,000 at most), and each row is the
/// cost per plugin with 4N, `(t(4N) - t(0)) / 4N`, against the cost per plugin with N: that is
/// time(4N) / time(N) of the per-plugin cost, so linear growth reads 1.00× and anything worse
/// than linear reads above it. The kinds: cold (the first start: every plugin scanned), warm (the
/// descriptor cache answers) and eager (warm, every plugin loaded: `VIPER_LOAD=eager`); with
/// `--callgrind`, the warm start's per-plugin cost in instructions too, which the load does not move.
extension StartupLab {
    static let growthBase = 2500

    func growthRows(runs: Int, callgrind: Bool = false) throws -> [BenchmarkSuite.Row] {
        let counts = [0, Self.growthBase, 4 * Self.growthBase]
        let folders = try counts.map { try pluginFolder(count: $0, name: "growth") }
        let quit = try inputFile("quit\n")
        let warmData = counts.map { _ in freshData() }
        for (folder, data) in zip(folders, warmData) {
            _ = try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: data))
        }
        var cold: [[Double]] = counts.map { _ in [] }, warm: [[Double]] = counts.map { _ in [] }
        var eager: [[Double]] = counts.map { _ in [] }
        for _ in 0..<runs {
            for index in counts.indices {
                let folder = folders[index]
                cold[index].append(
                    try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: freshData())))
                warm[index].append(
                    try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: warmData[index])))
                eager[index].append(
                    try Self.timedRun(
                        [viper, "--plugins", folder], inputFile: quit,
                        environment: environment(data: warmData[index], extra: ["VIPER_LOAD": "eager"])))
            }
        }
        var rows = [("cold", cold), ("warm cache", warm), ("warm cache, every plugin loaded (eager)", eager)].map { kind, times in
            let medians = times.map(Self.median)
            return Self.growthRow(kind: kind, counts: counts, costs: medians, format: BenchmarkSuite.duration)
        }
        if callgrind {
            guard let valgrind = CallgrindBench.which("valgrind") else {
                throw CallgrindBench.Unavailable(description: "--callgrind needs valgrind on PATH (apt-get install valgrind)")
            }
            let instructions = try folders.map { try Double(warmInstructions(folder: $0, valgrind: valgrind)) }
            rows.append(
                Self.growthRow(kind: "warm cache, instructions", counts: counts, costs: instructions) { "\(Int($0.rounded())) instr" })
        }
        return rows
    }

    /// The row of one kind: the cost per plugin at `counts[2]` against the cost per plugin at `counts[1]`,
    /// each above the cost at `counts[0]` (no plugins).
    static func growthRow(kind: String, counts: [Int], costs: [Double], format: (Double) -> String) -> BenchmarkSuite.Row {
        let perN = (costs[1] - costs[0]) / Double(counts[1])
        let per4N = (costs[2] - costs[0]) / Double(counts[2])
        return BenchmarkSuite.Row(
            name: "growth: start-up, \(kind), cost per plugin with \(counts[2]) vs with \(counts[1]) plugins",
            measured: format(per4N), baseline: format(perN), ratio: per4N / max(perN, 1e-12), target: nil)
    }
}
