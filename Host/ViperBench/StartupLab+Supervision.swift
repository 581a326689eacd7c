import Foundation

/// The cost of supervised sessions: what the journal costs a navigation command, whether that cost
/// grows with the stack's depth, and how long a crash takes to become a restored prompt, each
/// against a baseline of the same run.
extension StartupLab {
    /// Piped navigation in a supervised session (journal written after every command) against the
    /// same script unsupervised (`VIPER_SUPERVISE=0`, no journal). Target: the rate with the journal
    /// at least 0.95× the rate without, i.e. the time at most 1/0.95 of it. Off is a session without
    /// supervision, so the row holds all of it: the journal, the worker page's marks, the relays.
    ///
    /// Start-up cancels: each side runs a script of ``journalLead`` commands and one of that many
    /// plus `commands` (``journalCommands`` at least), and a side's cost is the difference of the
    /// two, so the process's start, the cache's check and the supervisor's fork weigh on neither.
    /// The four sessions of a round run in turns, in the other order every other round, for
    /// ``journalRounds`` rounds; the row's ratio is the median of the rounds' own ratios
    /// (``RoundRatios``). Output goes to /dev/null (``timedRun(_:inputFile:environment:)``): no
    /// reader shares the cores. Whole sessions of 1,000 commands read through a pipe, medians of
    /// 3, read anywhere from 0.65× to 1.21× with no code changed.
    func journalRow(commands requested: Int) throws -> BenchmarkSuite.Row {
        let commands = max(requested, Self.journalCommands)
        let folder = try smallestFolder()
        let data = freshData()
        _ = try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit\n"), environment: environment(data: data))
        func script(_ length: Int) -> String {
            (0..<length).map { $0 % 2 == 0 ? "open bench/bench-0001" : "back" }.joined(separator: "\n") + "\nquit\n"
        }
        let short = try inputFile(script(Self.journalLead)), long = try inputFile(script(Self.journalLead + commands))
        let on = environment(data: data), off = environment(data: data, extra: ["VIPER_SUPERVISE": "0"])
        let sessions = [(on, short), (off, short), (on, long), (off, long)]
        var rounds = RoundRatios()
        for round in 0..<Self.journalRounds {
            var seconds = Array(repeating: 0.0, count: sessions.count)
            for index in RoundRatios.order(Array(sessions.indices), round: round) {
                seconds[index] = try Self.timedRun([viper, "--plugins", folder], inputFile: sessions[index].1, environment: sessions[index].0)
            }
            rounds.add(measured: seconds[2] - seconds[0], baseline: seconds[3] - seconds[1])
        }
        let rate = { (seconds: [Double]) in String(format: "%.0f commands/s", Double(commands) / max(RoundRatios.median(seconds), 1e-9)) }
        return BenchmarkSuite.Row(
            name: "shell: \(commands) piped navigation commands, journal on vs off, start-up differenced out (rate ≥ 0.95× is time ≤ 1.05×)",
            measured: rate(rounds.measured) + " " + rounds.spread, baseline: rate(rounds.baseline),
            ratio: rounds.medianOfRatios, target: 1 / 0.95)
    }

    /// Supervised sessions that push ``deepPushes`` modules against sessions that push a quarter as
    /// many, start-up differenced out (a session that only quits is taken off both). Linear growth is
    /// 4×; target ≤ 4.5×. Each push writes to the journal what changed, not the whole stack, so a
    /// deep stack costs a command no more than a shallow one.
    func pushDepthRow() throws -> BenchmarkSuite.Row {
        let folder = try smallestFolder()
        let data = freshData()
        let supervised = environment(data: data, extra: ["VIPER_SUPERVISE": "1"])
        _ = try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit!\n"), environment: supervised)
        func script(_ pushes: Int) throws -> String {
            try inputFile(String(repeating: "open bench/bench-0001\n", count: pushes) + "quit!\n")
        }
        let sessions = [try script(0), try script(Self.deepPushes / 4), try script(Self.deepPushes)]
        var rounds = RoundRatios()
        for round in 0..<Self.depthRounds {
            var seconds = Array(repeating: 0.0, count: sessions.count)
            for index in RoundRatios.order(Array(sessions.indices), round: round) {
                seconds[index] = try Self.timedRun([viper, "--plugins", folder, "--yes"], inputFile: sessions[index], environment: supervised)
            }
            rounds.add(measured: seconds[2] - seconds[0], baseline: seconds[1] - seconds[0])
        }
        return BenchmarkSuite.Row(
            name: "supervised shell: \(Self.deepPushes) pushes vs \(Self.deepPushes / 4), start-up differenced out (linear: 4×)",
            measured: BenchmarkSuite.duration(RoundRatios.median(rounds.measured)) + " " + rounds.spread,
            baseline: BenchmarkSuite.duration(RoundRatios.median(rounds.baseline)),
            ratio: rounds.medianOfRatios, target: 4.5)
    }

    /// The deeper stack of the depth row.
    static let deepPushes = 4000

    /// Alternated rounds of the depth row.
    static let depthRounds = 7

    /// Commands of the shorter script of each journal round, whose time is taken off the longer's.
    static let journalLead = 200

    /// Commands the journal row differences at least: about 30 µs each with the output discarded,
    /// so 1,000 of them (`--quick`) took about as long as the start-up whose jitter they must
    /// outweigh (the rounds' quartiles read 0.63–1.40×).
    static let journalCommands = 10_000

    /// Alternated rounds of the journal row: its target is 5 %, and the sandbox row's series showed
    /// that 11 rounds do not tell 1.02× from 1.07× on this machine.
    static let journalRounds = 21

    /// From SIGKILL of the worker to the answer of the next command on the restored session, against
    /// a warm start to the first prompt. Target ≤ 3×.
    func crashRow(runs: Int) throws -> BenchmarkSuite.Row {
        let folder = try smallestFolder()
        let data = freshData()
        let environment = environment(data: data)
        _ = try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit\n"), environment: environment)
        var crashes: [Double] = [], starts: [Double] = []
        for _ in 0..<max(runs, 3) {
            crashes.append(try crashToPrompt(folder: folder, environment: environment))
            starts.append(try Self.timedRun([viper, "--plugins", folder], inputFile: inputFile("quit\n"), environment: environment))
        }
        let measured = Self.median(crashes), baseline = Self.median(starts)
        return BenchmarkSuite.Row(
            name: "supervised shell: worker SIGKILLed to the restored session's answer vs a warm start",
            measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
            ratio: measured / baseline, target: 3)
    }

    private func smallestFolder() throws -> String {
        guard let folder = folders.filter({ $0.key > 0 }).min(by: { $0.key < $1.key })?.value else {
            throw Failure(description: "the supervision rows need at least one generated plugin")
        }
        return folder
    }

    /// One session: opens a module, kills the worker, times until `where` answers on the restored stack.
    private func crashToPrompt(folder: String, environment: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: viper)
        process.arguments = ["--plugins", folder]
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var seen = ""
        try input.fileHandleForWriting.write(contentsOf: Data("open bench/bench-0001\nwhere\n".utf8))
        try readUntil(output, count: 1, in: &seen)
        guard let worker = Self.child(of: process.processIdentifier) else {
            throw Failure(description: "no worker process under viper (is the session supervised?)")
        }
        let started = Stopwatch.now()
        kill(worker, SIGKILL)
        try input.fileHandleForWriting.write(contentsOf: Data("where\n".utf8))
        try readUntil(output, count: 2, in: &seen)
        return Double(Stopwatch.now() - started) / 1e9
    }

    /// Reads `pipe` until `count` breadcrumb lines (`where`'s answers) were printed.
    private func readUntil(_ pipe: Pipe, count: Int, in seen: inout String) throws {
        while seen.components(separatedBy: "\nHome › ").count - 1 < count {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Failure(description: "viper ended before answering: \(seen.suffix(300))") }
            seen += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// The first child process of `pid`, from /proc.
    private static func child(of pid: Int32) -> pid_t? {
        let path = "/proc/\(pid)/task/\(pid)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { pid_t($0) }
    }
}
