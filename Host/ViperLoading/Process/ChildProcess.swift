import Foundation
import ViperCore

/// A child process started with `posix_spawn`, its standard output on a pipe and its
/// standard input and error on /dev/null. Foundation's `Process` spends about 50 ms
/// on every start on Linux, against under 1 ms for `posix_spawn`: more than a cold
/// start's whole scan.
///
/// Started with `ownGroup`, the child leads a process group of its own, and whatever it
/// started is ended with it: ``stop()`` kills the group, and so does reaping the child
/// (a plugin in the scanner that forked cannot leave processes behind).
package final class ChildProcess {
    package enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    package let pid: pid_t
    /// The read end of the child's standard output.
    package let output: Int32
    /// Whether the child leads its own process group.
    package let ownGroup: Bool
    private var termination: Termination?

    package init(pid: pid_t, output: Int32, ownGroup: Bool) {
        self.pid = pid
        self.output = output
        self.ownGroup = ownGroup
    }

    deinit {
        close(output)
        if termination == nil {
            stop()
            _ = wait()
        }
    }

    /// Starts `executable` with `arguments` (not including the program name) and `environment`.
    /// Its standard error goes to `errorFile` (created or emptied) when given, else nowhere; its
    /// standard input is `input` when given (the caller closes it), else /dev/null.
    package static func start(
        executable: String, arguments: [String], environment: [String: String],
        ownGroup: Bool = false, errorFile: String? = nil, input: Int32? = nil
    ) throws -> ChildProcess {
        let pipeEnds = try outputPipe(for: executable)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        if let errorFile {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorFile, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw HostError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return ChildProcess(pid: pid, output: pipeEnds[0], ownGroup: ownGroup)
    }

    /// A pipe for a child's standard output, `[read, write]`, neither end leaking into other
    /// children (the child's standard output is a `dup2` copy, which keeps no flag).
    package static func outputPipe(for what: String) throws -> [Int32] {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw HostError("cannot create a pipe for \(what): \(String(cString: strerror(errno)))")
        }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        return pipeEnds
    }

    /// Stops the child (and its group) at once.
    package func stop() {
        guard termination == nil else { return }
        kill(ownGroup ? -pid : pid, SIGKILL)
    }

    /// Waits for the child to end and says how.
    @discardableResult
    package func wait() -> Termination {
        reap(options: 0) ?? .exited(-1)
    }

    /// How the child ended, or nil while it runs (does not wait).
    package func exited() -> Termination? {
        reap(options: WNOHANG)
    }

    private func reap(options: Int32) -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        var reaped = waitpid(pid, &status, options)
        while reaped < 0, errno == EINTR {
            reaped = waitpid(pid, &status, options)
        }
        if reaped == 0 { return nil }
        let result: Termination
        if reaped < 0 {
            result = .exited(-1)
        } else {
            // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
            let signal = status & 0x7F
            result = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        }
        termination = result
        // What the child started lives on in its group (whose id the kernel does not
        // hand out again while anyone is in it): end it too.
        if ownGroup { kill(-pid, SIGKILL) }
        return result
    }
}
