import Foundation
import ViperLoading
import ViperRuntime

/// Start-up, memory and shell benchmarks against a copy of `viper` in a temporary
/// install folder (so no bundled plugin is found beside it), with 0..N generated plugins.
final class StartupLab {
    let root: String
    let viper: String
    let benchExecutable: String
    private(set) var folders: [Int: String] = [:]
    let counts: [Int]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(counts: [Int]) throws {
        self.counts = counts
        let products = Paths.executableDirectory()
        root = NSTemporaryDirectory() + "viper-bench-\(getpid())"
        let install = root + "/install"
        try FileManager.default.createDirectory(atPath: install, withIntermediateDirectories: true)
        for file in ["viper", "libContracts.so"] {
            guard FileManager.default.fileExists(atPath: products + "/" + file) else {
                throw Failure(description: "\(products)/\(file) is missing; run 'swift build -c release' first")
            }
            try FileManager.default.copyItem(atPath: products + "/" + file, toPath: install + "/" + file)
        }
        viper = install + "/viper"
        benchExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]

        let source = root + "/BenchPlugin.swift"
        try BenchPluginSource.text.write(toFile: source, atomically: true, encoding: .utf8)
        let template = root + "/libbench-template.so"
        let compile = try Self.run([
            "swiftc", "-emit-library", "-O", "-module-name", BenchPluginSource.moduleName, "-parse-as-library",
            "-Xcc", "-D_GNU_SOURCE",
            "-I", products + "/Modules", "-L", install, "-lContracts",
            "-Xlinker", "-rpath", "-Xlinker", install, source, "-o", template,
        ])
        guard compile.status == 0 else {
            throw Failure(description: "compiling the generated bench plugin failed:\n\(compile.output)")
        }
        for count in counts {
            let folder = root + "/plugins-\(count)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for number in 0..<count {
                try FileManager.default.copyItem(atPath: template, toPath: folder + String(format: "/libbench-%04d.so", number + 1))
            }
            folders[count] = folder
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func freshData() -> String {
        let folder = root + "/data-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func environment(data: String, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["VIPER_DATA_DIR"] = data
        environment["XDG_DATA_HOME"] = root + "/xdg"
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "VIPER_PLUGIN_PATH")
        return environment.merging(extra) { _, new in new }
    }

    /// Seconds for `viper --plugins FOLDER` to start, reach its first prompt and quit, timed
    /// from outside (``timedRun(_:inputFile:environment:)``).
    private func timeViper(folder: String, data: String) throws -> Double {
        try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit\n"), environment: environment(data: data))
    }

    func startupRows(runs: Int, cold: Bool = true) throws -> [BenchmarkSuite.Row] {
        // Cold: against minimal hosts outside viper-bench, on as many processes as viper scans with.
        var rows = cold ? try coldRows(runs: runs) : []
        guard let most = counts.max(), let none = folders[0] else { return rows }
        // Warm: every count from 1,000 up (the targets name 1,000 and 10,000), each against 0 plugins.
        for count in counts where count >= min(1000, most) {
            guard let many = folders[count] else { continue }
            let warmMany = freshData(), warmNone = freshData()
            _ = try timeViper(folder: many, data: warmMany)
            _ = try timeViper(folder: none, data: warmNone)
            var manyTimes: [Double] = [], noneTimes: [Double] = []
            for _ in 0..<runs {
                manyTimes.append(try timeViper(folder: many, data: warmMany))
                noneTimes.append(try timeViper(folder: none, data: warmNone))
            }
            let measured = Self.median(manyTimes), baseline = Self.median(noneTimes)
            rows.append(
                BenchmarkSuite.Row(
                    name: "start-up to first prompt, warm cache, \(count) vs 0 plugins",
                    measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
                    ratio: measured / baseline, target: 1.2))
            rows.append(warmFloorRow(count: count, folder: many, noneMedian: baseline, runs: runs))
        }
        return rows
    }

    func memoryRows() throws -> [BenchmarkSuite.Row] {
        guard let most = counts.max(), most > 0, let many = folders[most], let none = folders[0] else { return [] }
        let warmMany = freshData(), warmNone = freshData()
        _ = try timeViper(folder: many, data: warmMany)
        _ = try timeViper(folder: none, data: warmNone)
        let rssMany = try residentAtPrompt(folder: many, data: warmMany, eager: false)
        let rssNone = try residentAtPrompt(folder: none, data: warmNone, eager: false)
        let rssLoaded = try residentAtPrompt(folder: many, data: warmMany, eager: true)
        let perPlugin = Double(rssLoaded - rssNone) / Double(most)
        let loopMany = try residentOfLoop(folder: many), loopNone = try residentOfLoop(folder: none)
        let loopPerPlugin = Double(loopMany - loopNone) / Double(most)
        return [
            BenchmarkSuite.Row(
                name: "resident memory at first prompt, warm, \(most) vs 0 plugins",
                measured: "\(rssMany / 1024) MiB", baseline: "\(rssNone / 1024) MiB",
                ratio: Double(rssMany) / Double(max(rssNone, 1)), target: 1.2),
            BenchmarkSuite.Row(
                name: "resident memory per plugin, all \(most) loaded, vs a dlopen loop",
                measured: String(format: "%.0f KiB", perPlugin), baseline: String(format: "%.0f KiB", loopPerPlugin),
                ratio: perPlugin / max(loopPerPlugin, 1), target: nil),
        ]
    }

    func shellThroughput(commands: Int) throws -> BenchmarkSuite.Row {
        guard let folder = folders.filter({ $0.key > 0 }).min(by: { $0.key < $1.key })?.value else {
            throw Failure(description: "the shell benchmark needs at least one generated plugin")
        }
        let data = freshData()
        _ = try timeViper(folder: folder, data: data)
        let navigation = (0..<commands).map { $0 % 2 == 0 ? "open bench/bench-0001" : "back" }.joined(separator: "\n") + "\nquit\n"
        let noop = (0..<commands).map { _ in "where" }.joined(separator: "\n") + "\nquit\n"
        let environment = environment(data: data)
        let navigating = try Stopwatch.seconds {
            let result = try Self.run([viper, "--plugins", folder], input: navigation, environment: environment, direct: true)
            guard result.status == 0 else { throw Failure(description: "the navigation script failed: \(result.output.suffix(500))") }
        }
        let baseline = try Stopwatch.seconds {
            _ = try Self.run([viper, "--plugins", folder], input: noop, environment: environment, direct: true)
        }
        return BenchmarkSuite.Row(
            name: "shell: \(commands) piped navigation commands vs as many 'where'",
            measured: String(format: "%.0f commands/s", Double(commands) / navigating),
            baseline: String(format: "%.0f commands/s", Double(commands) / baseline),
            ratio: navigating / baseline, target: nil)
    }

    /// Starts viper, waits for its first screen, reads its resident set size (KiB), then quits.
    private func residentAtPrompt(folder: String, data: String, eager: Bool) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: viper)
        process.arguments = ["--plugins", folder]
        process.environment = environment(data: data, extra: eager ? ["VIPER_LOAD": "eager"] : [:])
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("where\n".utf8))
        _ = output.fileHandleForReading.availableData  // the first screen: start-up is done
        let rss = Self.sessionResidentKilobytes(pid: process.processIdentifier)
        input.fileHandleForWriting.write(Data("quit\n".utf8))
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return rss
    }

    func residentOfLoop(folder: String) throws -> Int {
        let result = try Self.run([benchExecutable, "--dlopen-loop", folder], input: "rss\n", direct: true)
        return Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    static func residentKilobytes(pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    static func median(_ values: [Double]) -> Double {
        Stopwatch.median(of: values)
    }

    /// Runs a program (by path when `direct`, else found on PATH) and returns its status and output.
    package static func run(
        _ arguments: [String], input: String = "", environment: [String: String]? = nil,
        direct: Bool = false
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        if direct {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        if let environment { process.environment = environment }
        // Standard input comes from a file: writing a long script into a pipe while the child
        // fills its output pipe would leave both waiting on each other.
        let inputPath = NSTemporaryDirectory() + "viper-bench-input-\(getpid())-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8)),
            let stdin = FileHandle(forReadingAtPath: inputPath)
        else {
            throw Failure(description: "cannot write the input script to \(inputPath)")
        }
        defer {
            try? stdin.close()
            unlink(inputPath)
        }
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
