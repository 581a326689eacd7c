import Foundation
import ViperLoading

/// The cold start against minimal hosts outside viper-bench (``MinimalHostSource``), each loading
/// the plugins as viper's scanners do: at most 500 a process, as many processes at once as viper
/// runs scanners, later batches in turn (and, reported, uncapped: one process per scanner); and
/// a start with no plugins against a minimal Swift program. Every start is timed the same way, from `posix_spawn` to `waitpid`
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

    /// How a minimal host splits its plugins: `batches` processes in all, of even size, `atOnce`
    /// at a time (its `BATCHES AT_ONCE` arguments, ``MinimalHostSource``).
    struct MinimalHostSplit: Hashable {
        let batches: Int
        let atOnce: Int

        var arguments: [String] { [String(batches), String(atOnce)] }

        /// The most plugins one process loads of `files`.
        func perProcess(_ files: Int) -> Int { (files + batches - 1) / max(1, batches) }
    }

    /// viper's own split of a cold start over `files` new plugins on `cores` cores: `capped`, the
    /// batches ``PluginScanner/batches(_:cores:limit:pinned:)`` makes (at most
    /// ``PluginScanner/filesPerScanner`` plugins each), as many at once as viper runs scanners;
    /// uncapped, one batch per scanner, however many plugins that puts in each (the older baseline,
    /// kept for comparison). The two agree up to `filesPerScanner` plugins a scanner (1,000 on 2 cores).
    static func minimalHostSplit(files: Int, cores: Int, capped: Bool) -> MinimalHostSplit {
        let atOnce = PluginScanner.scannerCount(files: files, cores: cores)
        return MinimalHostSplit(batches: capped ? PluginScanner.batchCount(files: files, cores: cores) : atOnce, atOnce: atOnce)
    }

    /// The cold rows' name for a minimal host of `kind` on `split`: where the cap splits the
    /// plugins otherwise than one batch per scanner, the capped baseline says so (it holds the
    /// target) and the uncapped one is reported without a target.
    static func coldRowName(count: Int, kind: MinimalHost, split: MinimalHostSplit, capped: Bool) -> String {
        let processes = "\(split.atOnce) process\(split.atOnce == 1 ? "" : "es")"
        let prefix = "start-up to first prompt, cold, \(count) plugins vs \(kind.label)"
        guard capped else { return prefix + " on \(processes) of \(split.perProcess(count)) plugins, uncapped" }
        // One batch per scanner: the cap changes nothing, and the row keeps its earlier name so runs compare.
        guard split.batches > split.atOnce else { return prefix + " on " + processes }
        return prefix + ", \(split.perProcess(count)) plugins a process, \(split.atOnce) at once"
    }

    /// The cold rows: viper's first start over each folder against each minimal host on viper's
    /// split (and, where the cap makes it differ, uncapped, without a target), then the 0-plugin
    /// start (warm) against a minimal Swift program. The sides take turns in each run, in the
    /// other order every other run.
    func coldRows(runs: Int) throws -> [BenchmarkSuite.Row] {
        let hosts = try MinimalHost.allCases.map { ($0, try minimalHost($0)) }
        let quit = try inputFile("quit\n")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var rows: [BenchmarkSuite.Row] = []
        for count in counts {
            guard let folder = folders[count] else { continue }
            let capped = Self.minimalHostSplit(files: count, cores: cores, capped: true)
            let uncapped = Self.minimalHostSplit(files: count, cores: cores, capped: false)
            let splits = capped == uncapped ? [capped] : [capped, uncapped]
            let sides = splits.flatMap { split in hosts.map { (kind: $0.0, program: $0.1, split: split) } }
            var cold: [Double] = [], baselines = Array(repeating: [Double](), count: sides.count)
            for run in 0..<runs {
                for index in RoundRatios.order(Array(-1..<sides.count), round: run) {
                    guard index >= 0 else {
                        cold.append(try Self.timedRun([viper, "--plugins", folder], inputFile: quit, environment: environment(data: freshData())))
                        continue
                    }
                    baselines[index].append(try Self.timedRun([sides[index].program, folder] + sides[index].split.arguments, inputFile: quit))
                }
            }
            let measured = Self.median(cold)
            for (index, side) in sides.enumerated() {
                let baseline = Self.median(baselines[index]), holds = side.split == capped
                rows.append(
                    BenchmarkSuite.Row(
                        name: Self.coldRowName(count: count, kind: side.kind, split: side.split, capped: holds),
                        measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
                        ratio: measured / max(baseline, 1e-9), target: holds ? 1.5 : nil))
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
