import Foundation
import ViperLoading

/// The cold start against minimal hosts outside viper-bench (``MinimalHostSource``), each loading
/// the plugins on as many processes as viper runs scanners; and a start with no plugins against
/// a minimal Swift program. Every start is timed the same way, from `posix_spawn` to `waitpid`
/// (``timedRun(_:inputFile:environment:)``), the kinds taking turns run after run.
extension StartupLab {
    enum MinimalHost: String, CaseIterable {
        case c, swift

        var label: String { self == .c ? "a minimal C host" : "a minimal Swift host" }
    }

    /// The minimal host of `kind`, compiled into the lab's folder the first time it is asked for.
    func minimalHost(_ kind: MinimalHost) throws -> String {
        let program = root + "/minimal-host-\(kind.rawValue)"
        guard !FileManager.default.fileExists(atPath: program) else { return program }
        let source = program + (kind == .c ? ".c" : ".swift")
        try (kind == .c ? MinimalHostSource.c : MinimalHostSource.swift).write(toFile: source, atomically: true, encoding: .utf8)
        let command = kind == .c ? ["cc", "-O2", source, "-o", program, "-ldl"] : ["swiftc", "-O", source, "-o", program]
        let compile = try Self.run(command)
        guard compile.status == 0 else {
            throw Failure(description: "compiling \(kind.label) failed (\(command.joined(separator: " "))):\n\(compile.output)")
        }
        return program
    }

    /// As many processes as viper's cold start runs scanners at once over `count` new plugins on
    /// this machine (more scanners run in turn past ``PluginScanner/filesPerScanner`` files each).
    static func scanners(_ count: Int) -> Int {
        PluginScanner.scannerCount(files: count, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The cold rows: viper's first start over each folder against each minimal host, then the
    /// 0-plugin start (warm) against a minimal Swift program.
    func coldRows(runs: Int) throws -> [BenchmarkSuite.Row] {
        let hosts = try MinimalHost.allCases.map { ($0, try minimalHost($0)) }
        let quit = try inputFile("quit\n")
        var rows: [BenchmarkSuite.Row] = []
        for count in counts {
            guard let folder = folders[count] else { continue }
            let workers = String(Self.scanners(count))
            var cold: [Double] = [], baselines: [MinimalHost: [Double]] = [:]
            for _ in 0..<runs {
                cold.append(try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: freshData())))
                for (kind, program) in hosts {
                    baselines[kind, default: []].append(try Self.timedRun([program, folder, workers], inputFile: quit))
                }
            }
            let measured = Self.median(cold)
            for kind in MinimalHost.allCases {
                let baseline = Self.median(baselines[kind] ?? [])
                rows.append(
                    BenchmarkSuite.Row(
                        name: "start-up to first prompt, cold, \(count) plugins vs \(kind.label) on \(workers) process\(workers == "1" ? "" : "es")",
                        measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
                        ratio: measured / max(baseline, 1e-9), target: 1.5))
            }
        }
        if let none = folders[0] {
            rows.append(try noPluginsRow(folder: none, program: hosts[1].1, runs: runs))
        }
        return rows
    }

    /// A warm start with no plugins against the minimal Swift program over the same empty folder:
    /// what viper's own start costs (reported; no target).
    private func noPluginsRow(folder: String, program: String, runs: Int) throws -> BenchmarkSuite.Row {
        let data = freshData(), quit = try inputFile("quit\n")
        _ = try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: data))
        var viperTimes: [Double] = [], minimal: [Double] = []
        for _ in 0..<runs {
            viperTimes.append(try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: data)))
            minimal.append(try Self.timedRun([program, folder, "1"], inputFile: quit))
        }
        let measured = Self.median(viperTimes), baseline = Self.median(minimal)
        return BenchmarkSuite.Row(
            name: "start-up to first prompt, warm, 0 plugins vs a minimal Swift program",
            measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
            ratio: measured / max(baseline, 1e-9), target: nil)
    }
}
