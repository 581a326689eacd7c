import Contracts
import Foundation

/// `viper-bench` (or `viper bench`): prints every figure as a ratio against a baseline
/// measured in the same run, with its target and whether it is met.
package enum BenchmarkSuite {
    struct Row {
        let name: String
        let measured: String
        let baseline: String
        let ratio: Double
        let target: Double?
    }

    struct Settings {
        var counts = [0, 10, 100, 1000]
        var iterations = 1_000_000
        var runs = 5
        var shellCommands = 10_000
        /// Only the rows of costs that must grow no faster than the work (``CostBench``).
        var onlyCosts = false
        /// Also count the in-process rows' instructions with callgrind (``CallgrindBench``).
        var callgrind = false
        /// Only the shell's rows: piped navigation against `where`, and where a navigation command's time goes.
        var onlyShell = false
        var onlySupervision = false
        /// Only the sandbox's rows: a cold start with the most plugins, sandboxed against not.
        var onlySandbox = false
        /// Only the navigation rows: a command with 1,000 and 5,000 plugins against 10 (``NavigationBench``).
        var onlyNavigation = false
        /// Only the profile's rows: measuring on against off, the profile of 1,000 plugins printed (``ProfilingBench``).
        var onlyProfiling = false
        /// Only the growth rows: each start-up's cost per plugin with 10,000 against 2,500.
        var onlyGrowth = false
        /// Only the warm start's rows, at each count against 0 plugins (in instructions too with `callgrind`).
        var onlyWarm = false
        /// Only the registry's in-process rows: resolve, provider, module (in instructions too with `callgrind`).
        var onlyRegistry = false
        /// Only the start-up rows (cold, warm, memory), at each count (``StartupLab/startupOnlyRows(runs:callgrind:)``).
        var onlyStartup = false
        /// Only the Articles plugin's rows (``FeedsBench``).
        var onlyFeeds = false
        /// Only the Notes plugin's rows (``NotesBench``).
        var onlyNotes = false
        /// Only the signed-plugin rows: verify cold and warm, index build and install from 1,000 plugins (``SupplyBench``).
        var onlySupply = false
        /// Only the isolated plugin's rows (``IsolationBench``).
        var onlyIsolation = false
    }

    package static func main(arguments: [String]) -> Int32 {
        if arguments.first == "--dlopen-loop" {
            return DlopenLoop.run(folder: arguments.dropFirst().first ?? ".")
        }
        if arguments.first == "--profile-print" {
            return ProfilingBench.printChild(Array(arguments.dropFirst()))
        }
        if arguments.first == "--navigate" {
            return NavigationBench.child(Array(arguments.dropFirst()))
        }
        if arguments.first == "--loop" {
            // One in-process loop alone, for `--callgrind` to count (internal).
            guard arguments.count == 3, let loop = InProcessBench.Loop(rawValue: arguments[1]), let count = Int(arguments[2]) else {
                let loops = InProcessBench.Loop.allCases.map(\.rawValue).joined(separator: ", ")
                FileHandle.standardError.write(Data("viper-bench: --loop takes one of \(loops) and a count\n".utf8))
                return 64
            }
            loop.run(iterations: count)
            return 0
        }
        var settings = Settings()
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--quick":
                settings = Settings(counts: [0, 10, 100], iterations: 20_000, runs: 3, shellCommands: 1_000)
            case "--costs":
                settings.onlyCosts = true
            case "--callgrind":
                settings.callgrind = true
            case "--shell":
                settings.onlyShell = true
            case "--supervision":
                settings.onlySupervision = true
            case "--sandbox":
                settings.onlySandbox = true
            case "--profiling":
                settings.onlyProfiling = true
            case "--navigation":
                settings.onlyNavigation = true
            case "--warm":
                settings.onlyWarm = true
            case "--growth":
                settings.onlyGrowth = true
            case "--registry":
                settings.onlyRegistry = true
            case "--startup":
                settings.onlyStartup = true
            case "--feeds":
                settings.onlyFeeds = true
            case "--supply":
                settings.onlySupply = true
            case "--notes":
                settings.onlyNotes = true
            case "--isolation":
                settings.onlyIsolation = true
            case "--counts":
                index += 1
                settings.counts = index < arguments.count ? arguments[index].split(separator: ",").compactMap { Int($0) } : settings.counts
            case "-h", "--help":
                print(
                    "Usage: viper-bench [--quick] [--costs] [--shell] [--supervision] [--sandbox] [--navigation] [--profiling] [--growth] [--warm] [--registry] [--startup] [--feeds] [--notes] [--supply] [--isolation] [--callgrind] [--counts 0,10,100,1000]\n--costs runs only the rows of costs that must stay linear (navigation depth, commit, scan records).\n--shell runs only the shell's rows: piped navigation against 'where', and where a navigation command's time goes (build, draw, leak check, navigation, the rest).\n--supervision runs only the supervised session's rows: the journal on against off, pushes at depth, crash to prompt.\n--sandbox runs only the sandbox's rows: a cold start with the most plugins, the scanners sandboxed against VIPER_SANDBOX=off, both sides pinned to the same scanner count (VIPER_SCANNERS; CPU time, user and system apart, and wall time), then unpinned with the scanners each start ran.\n--navigation runs only the navigation rows: open + back with 1000 and 5000 plugins against 10, per command.\n--profiling runs only the profile's rows: a navigation command with per-plugin measuring on against off (with --callgrind, in instructions too), and the profile of 1000 plugins printed.\n--warm runs only the warm start's rows: each count of plugins against 0 (with --callgrind, in instructions too).\n--registry runs only the registry's in-process rows: resolve and a provider against the factory, a module against bare hand wiring (with --callgrind, in instructions too).\n--startup runs only the start-up rows (cold against the minimal hosts, warm and its floor, resident memory warm and with every plugin loaded) at each count; with --counts 0,1000,10000 every one runs at 10000 too. A cold start of 10000 plugins takes seconds a run on 2 cores (about 4.5 s of CPU, with each scanner loading at most 500 plugins), and every row at 10000 adds up to minutes, so --quick's counts stop at 1000 and the 10000 rows are run on their own.\n--growth runs only the growth rows: each start-up's cost per plugin (cold, warm, eager) with 10000 plugins against 2500, as time(4N)/time(N) per plugin; with --callgrind the warm start's in instructions too.\n--feeds runs only the Articles plugin's rows: opening 10 subscribed feeds from a warm cache (in process, no request allowed) against opening the greeter; a refresh waiting on a server that answers in 2 s, its CPU time against its wall time (target a tenth); a 1,000-item feed read and listed against a 10-item one.\n--notes runs only the Notes plugin's rows: find in the notes list over 10,000 notes of one account, 100 and 1,000 matches, against 20 ms.\n--supply runs only the signed-plugin rows: verifying signatures cold and warm, index build and install from 1,000 plugins.\n--isolation runs only the isolated plugin's rows: one call's round trip (median and p99) against a socketpair's floor, open + back against the same module in process, the first use, a crash to the shell's line, and the process's resident memory.\n--callgrind adds the in-process rows as instructions per call, counted by valgrind (not moved by the machine's load).\nBuild with 'swift build -c release' first; prints a table of ratios against baselines measured in the same run."
                )
                return 0
            default:
                FileHandle.standardError.write(Data("viper-bench: unknown option '\(arguments[index])'; see 'viper-bench --help'\n".utf8))
                return 64
            }
            index += 1
        }
        do {
            let rows = try run(settings)
            print(table(rows, settings: settings))
            return rows.allSatisfy { row in row.target.map { row.ratio <= $0 } ?? true } ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("viper-bench: \(error)\n".utf8))
            return 1
        }
    }

    static func run(_ settings: Settings) throws -> [Row] {
        var rows: [Row] = []
        if settings.onlyCosts { return try CostBench.rows(runs: settings.runs) }
        if settings.onlyIsolation { return try IsolationBench.rows(runs: settings.runs) }
        if settings.onlyFeeds { return try FeedsBench.rows(runs: settings.runs) }
        if settings.onlyNotes { return try NotesBench.rows(runs: settings.runs) }
        if settings.onlySupply {
            let most = settings.counts.max() ?? 1000
            return try SupplyBench.rows(lab: StartupLab(counts: [most]), count: most, runs: settings.runs)
        }
        if settings.onlySandbox, let most = settings.counts.max() {
            return try StartupLab(counts: [most]).sandboxRows(count: most, runs: settings.runs)
        }
        if settings.onlyGrowth {
            return try StartupLab(counts: []).growthRows(runs: settings.runs, callgrind: settings.callgrind)
        }
        if settings.onlyStartup {
            return try StartupLab(counts: settings.counts).startupOnlyRows(runs: settings.runs, callgrind: settings.callgrind)
        }
        if settings.onlyWarm {
            return try StartupLab(counts: settings.counts).warmRows(runs: settings.runs, callgrind: settings.callgrind)
        }
        if settings.onlyProfiling {
            return try StartupLab(counts: []).profilingRows(runs: settings.runs, callgrind: settings.callgrind)
        }
        if settings.onlyNavigation {
            return try StartupLab(counts: []).navigationRows(runs: settings.runs, callgrind: settings.callgrind)
        }
        if settings.onlySupervision {
            let lab = try StartupLab(counts: [1])
            return [try lab.journalRow(commands: settings.shellCommands), try lab.pushDepthRow(), try lab.crashRow(runs: settings.runs)]
        }
        if settings.onlyShell {
            let lab = try StartupLab(counts: [1])
            return [try lab.shellThroughput(commands: settings.shellCommands)] + (try lab.shellSplitRows(commands: settings.shellCommands))
                + [try lab.journalRow(commands: settings.shellCommands), try lab.pushDepthRow(), try lab.crashRow(runs: settings.runs)]
        }
        rows.append(InProcessBench.resolveVersusFactory(iterations: settings.iterations))
        rows.append(InProcessBench.providerVersusFactory(iterations: settings.iterations))
        rows.append(InProcessBench.moduleVersusHandWiring(iterations: settings.iterations / 5))
        if settings.callgrind {
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            rows += try CallgrindBench.rows(executable: executable)
        }
        if settings.onlyRegistry { return rows }
        rows += try CostBench.rows(runs: settings.runs)
        let lab = try StartupLab(counts: settings.counts)
        rows += try lab.startupRows(runs: settings.runs)
        if settings.callgrind { rows += try lab.warmInstructionRows() }
        if let most = settings.counts.max() { rows += try lab.sandboxRows(count: most, runs: settings.runs) }
        rows += try lab.memoryRows()
        rows.append(try lab.reloadMemoryRow(reloads: 100))
        rows.append(try lab.shellThroughput(commands: settings.shellCommands))
        rows += try lab.shellSplitRows(commands: settings.shellCommands)
        rows += try lab.navigationRows(runs: settings.runs, callgrind: settings.callgrind)
        rows += try lab.profilingRows(runs: settings.runs, callgrind: settings.callgrind)
        rows.append(try lab.journalRow(commands: settings.shellCommands))
        rows.append(try lab.pushDepthRow())
        rows.append(try lab.crashRow(runs: settings.runs))
        rows += try FeedsBench.rows(runs: settings.runs)
        rows += try NotesBench.rows(runs: settings.runs)
        return rows
    }

    static func table(_ rows: [Row], settings: Settings) -> String {
        var info = utsname()
        uname(&info)
        let machine = withUnsafeBytes(of: &info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var lines = [
            "viper-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, \(machine); medians of \(settings.runs) runs",
            "",
            "| benchmark | measured | baseline | ratio | target | met |",
            "|---|---|---|---|---|---|",
        ]
        for row in rows {
            let target = row.target.map { "≤ \(format($0))×" } ?? "—"
            let met = row.target.map { row.ratio <= $0 ? "yes" : "no" } ?? "—"
            lines.append("| \(row.name) | \(row.measured) | \(row.baseline) | \(format(row.ratio))× | \(target) | \(met) |")
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.1f", value)
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 1e-6 { return String(format: "%.1f ns", seconds * 1e9) }
        if seconds < 1e-3 { return String(format: "%.2f µs", seconds * 1e6) }
        if seconds < 1 { return String(format: "%.1f ms", seconds * 1e3) }
        return String(format: "%.2f s", seconds)
    }
}
