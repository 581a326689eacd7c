import Foundation

extension StartupLab {
    /// What the scanners' sandbox (``Sandbox``) costs a cold start: `viper --plugins FOLDER` with
    /// `count` new plugins, to its first prompt and out, sandboxed against `VIPER_SANDBOX=off`,
    /// each on a fresh data folder (every plugin scanned), in turns and each going first every
    /// other time, so the machine's load and the page cache weigh on both alike.
    ///
    /// Two rows: the CPU time viper and its scanners used (user + system, from `wait4`), which
    /// holds the target (within 5%, issue 25): the sandbox adds work (its set-up in each scanner,
    /// Landlock's and seccomp's checks on each system call) and no waiting, and CPU time is what
    /// other people's builds on a shared machine move least; and the wall time, for reading beside it.
    func sandboxRows(count: Int, runs: Int) throws -> [BenchmarkSuite.Row] {
        guard let folder = folders[count] else {
            throw Failure(description: "the sandbox rows need the \(count)-plugin folder (--counts must include it)")
        }
        let input = try inputFile("quit\n")
        func cold(_ extra: [String: String]) throws -> (wall: Double, cpu: Double) {
            try Self.timedRunWithCPU([viper, "--plugins", folder], inputFile: input, environment: environment(data: freshData(), extra: extra))
        }
        _ = try cold([:])  // the plugin files in the page cache for both
        var boxed: [(wall: Double, cpu: Double)] = [], open: [(wall: Double, cpu: Double)] = []
        for run in 0..<max(runs, 5) {
            if run % 2 == 0 {
                boxed.append(try cold([:]))
                open.append(try cold(["VIPER_SANDBOX": "off"]))
            } else {
                open.append(try cold(["VIPER_SANDBOX": "off"]))
                boxed.append(try cold([:]))
            }
        }
        func row(_ what: String, _ measured: Double, _ baseline: Double, target: Double?) -> BenchmarkSuite.Row {
            BenchmarkSuite.Row(
                name: "start-up to first prompt, cold, \(count) plugins, \(what), scanners sandboxed vs VIPER_SANDBOX=off",
                measured: BenchmarkSuite.duration(measured), baseline: BenchmarkSuite.duration(baseline),
                ratio: measured / baseline, target: target)
        }
        return [
            row("CPU time", Self.median(boxed.map(\.cpu)), Self.median(open.map(\.cpu)), target: 1.05),
            row("wall time", Self.median(boxed.map(\.wall)), Self.median(open.map(\.wall)), target: nil),
        ]
    }

    /// Runs `arguments` to its end with `inputFile` on standard input and its output discarded;
    /// returns the wall seconds and the CPU seconds (user + system) it and its reaped children used.
    static func timedRunWithCPU(_ arguments: [String], inputFile: String, environment: [String: String]) throws -> (wall: Double, cpu: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputFile, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(Stopwatch.now() - start) / 1e9
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (status \(status))")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
