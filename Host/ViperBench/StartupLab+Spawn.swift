import Foundation

/// Timing a whole process from outside, as a user's shell starts it: `posix_spawn`, then
/// `waitpid`, with standard input from a file and the output discarded. Foundation's `Process`
/// (``StartupLab/run(_:input:environment:direct:)``) costs about 50 ms a run on this machine
/// (the temporary input file, its pipes and the run loop that notices the exit), the same on
/// both sides of a ratio: timed through it, a start-up of 15 ms against one of 24 ms read as
/// 66 ms against 84 ms, and the ratio looked flatter than it is.
extension StartupLab {
    /// Seconds from just before `arguments[0]` is spawned to just after it is reaped. Throws,
    /// with its output (run again through ``run(_:input:environment:direct:)``), when it fails.
    static func timedRun(
        _ arguments: [String], inputFile: String = "/dev/null",
        environment: [String: String]? = nil
    ) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputFile, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
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
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Double(Stopwatch.now() - start) / 1e9
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let input = (try? String(contentsOfFile: inputFile, encoding: .utf8)) ?? ""
            let again = try run(arguments, input: input, environment: environment, direct: true)
            throw Failure(description: "\(arguments[0]) failed (status \(again.status)): \(again.output)")
        }
        return seconds
    }

    /// A file holding `text`, for standard input (made once, kept with the lab's folder).
    func inputFile(_ text: String) throws -> String {
        let path = root + "/input-\(text.utf8.count)-\(abs(text.hashValue))"
        if !FileManager.default.fileExists(atPath: path) {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return path
    }
}
