import Foundation
import ViperLoading

/// One run of `viper check`'s child, from the parent: starts it on a fresh ``CheckChannel``,
/// reads the channel until the child ends (or its time is up), and hands what came to a
/// ``CheckTranscript``. The child leads its own process group, which is ended with it, so
/// nothing a plugin started outlives the check.
struct CheckSession {
    let executable: String
    let arguments: [String]
    let environment: [String: String]
    /// Where the child's standard error goes.
    let errorFile: String
    let timeout: Double

    /// What happened: the transcript, and how the child ended when that was wrong (nil when it exited 0).
    struct Ending {
        var transcript: CheckTranscript
        var ended: String?
    }

    func run() throws -> Ending {
        let secret = CheckChannel.makeSecret()
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw CheckSessionError("cannot create the check channel: \(String(cString: strerror(errno)))")
        }
        defer { close(ends[0]) }
        let descriptor = Self.unusedDescriptor()
        let pid: pid_t
        do {
            pid = try spawn(childEnd: ends[1], at: descriptor, header: CheckChannel.header(descriptor: descriptor, secret: secret))
        } catch {
            close(ends[1])
            throw error
        }
        close(ends[1])
        var transcript = CheckTranscript(secret: secret)
        let status = collect(from: ends[0], pid: pid, into: &transcript)
        kill(-pid, SIGKILL)  // what the plugin started ends with the check
        return Ending(transcript: transcript, ended: status)
    }

    /// A descriptor number from 100 to 999, drawn at random, not open in this process.
    static func unusedDescriptor() -> Int32 {
        while true {
            let number = Int32.random(in: 100...999)
            if fcntl(number, F_GETFD) < 0 { return number }
        }
    }

    private func spawn(childEnd: Int32, at descriptor: Int32, header: String) throws -> pid_t {
        var input: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else {
            throw CheckSessionError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(input[0]) }
        // The header fits the pipe's buffer, so it is written before the child starts.
        _ = header.withCString { write(input[1], $0, strlen($0)) }
        close(input[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorFile, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
        posix_spawn_file_actions_adddup2(&actions, childEnd, descriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw CheckSessionError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Reads messages until the child has ended and the channel holds no more; returns how it
    /// ended when that was wrong (a signal, a status other than 0, the time-out).
    private func collect(from channel: Int32, pid: pid_t, into transcript: inout CheckTranscript) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 1 << 17)
        while true {
            var wanted = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
            if poll(&wanted, 1, 100) > 0 {
                let count = recv(channel, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 { transcript.take(Data(buffer[0..<count])) }
            }
            if let status = Self.reap(pid) {
                drain(channel, into: &transcript, buffer: &buffer)
                return Self.describe(status)
            }
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                _ = Self.wait(pid)
                return "did not finish within \(Int(timeout)) s (VIPER_CHECK_TIMEOUT) and was stopped"
            }
        }
    }

    /// Takes what is left on the channel once the child ended.
    private func drain(_ channel: Int32, into transcript: inout CheckTranscript, buffer: inout [UInt8]) {
        while case let count = recv(channel, &buffer, buffer.count, Int32(MSG_DONTWAIT)), count > 0 {
            transcript.take(Data(buffer[0..<count]))
        }
    }

    private static func describe(_ status: Int32) -> String? {
        let signal = status & 0x7F
        if signal != 0 { return "crashed with \(PluginScanner.signalName(signal))" }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : "the checker ended with status \(code)"
    }

    /// The child's wait status once it ended, or nil while it runs.
    private static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        var reaped = waitpid(pid, &status, WNOHANG)
        while reaped < 0, errno == EINTR { reaped = waitpid(pid, &status, WNOHANG) }
        return reaped == 0 ? nil : status
    }

    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }
}

/// A check that could not be started, said as the reason.
struct CheckSessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
