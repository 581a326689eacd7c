import Foundation

/// Whether a start-up's cost per plugin stays flat as plugins are added (issue 27): each
/// start-up is timed with 0, N and 4N plugins (N = 2,500: 10,000 at most), and each row is the
/// cost per plugin with 4N, `(t(4N) - t(0)) / 4N`, against the cost per plugin with N. Linear
/// growth reads 1.00×; anything worse than linear reads above it.
extension StartupLab {
    static let growthBase = 2500

    func growthRows(runs: Int) throws -> [BenchmarkSuite.Row] {
        let counts = [0, Self.growthBase, 4 * Self.growthBase]
        let folders = try counts.map { try pluginFolder(count: $0, name: "growth") }
        let quit = try inputFile("quit\n")
        let warmData = counts.map { _ in freshData() }
        for (folder, data) in zip(folders, warmData) {
            _ = try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: data))
        }
        var cold: [[Double]] = counts.map { _ in [] }, warm: [[Double]] = counts.map { _ in [] }
        for _ in 0..<runs {
            for index in counts.indices {
                cold[index].append(
                    try Self.timedRun(
                        [viper, "--plugins", folders[index]], inputFile: quit,
                        environment: environment(data: freshData())))
                warm[index].append(
                    try Self.timedRun(
                        [viper, "--plugins", folders[index]], inputFile: quit,
                        environment: environment(data: warmData[index])))
            }
        }
        return [("cold", cold), ("warm cache", warm)].map { kind, times in
            let medians = times.map(Self.median)
            let perN = (medians[1] - medians[0]) / Double(counts[1])
            let per4N = (medians[2] - medians[0]) / Double(counts[2])
            return BenchmarkSuite.Row(
                name: "growth: start-up, \(kind), cost per plugin with \(counts[2]) vs with \(counts[1]) plugins",
                measured: BenchmarkSuite.duration(per4N), baseline: BenchmarkSuite.duration(perN),
                ratio: per4N / max(perN, 1e-12), target: nil)
        }
    }
}
