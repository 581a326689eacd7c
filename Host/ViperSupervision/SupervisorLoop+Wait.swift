import Foundation
import ViperCore

/// How the supervisor waits for its worker: it relays piped input and the worker's standard
/// error, counts Ctrl-C, and ends a worker that ran past `--command-timeout` or ignored a second
/// Ctrl-C, until `waitpid` reports the worker's end.
extension SupervisorLoop {
    /// Whether the supervisor's standard output is a pipe whose reader is gone.
    static var standardOutputIsClosed: Bool {
        var output = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        return poll(&output, 1, 0) == 1 && output.revents & Int16(POLLERR) != 0
    }

    /// How the supervisor itself ended a worker.
    enum Stopped {
        /// It ran past `--command-timeout`.
        case timedOut
        /// A second Ctrl-C during a command, and the worker had not stopped within ``interruptGraceMilliseconds``.
        case interrupted
    }

    /// More commands than one worker can have finished: a count past it was written by plugin code.
    static let commandsPerWorkerLimit = 1 << 40

    /// How long the worker's own handling of a second Ctrl-C gets before the supervisor ends it.
    static let interruptGraceMilliseconds: Int64 = 500
    /// How long a worker has to end a command once the supervisor ended the isolated plugin
    /// process it waited on for running past `--command-timeout`.
    static let isolatedGraceMilliseconds: Int64 = 2000

    /// How long the command has run (ms): since the worker's stamp on the page where that can be
    /// true (no later than now, and no earlier than a poll before the supervisor first saw the
    /// command), else since the supervisor first saw it. Plugin code can write the stamp; it can
    /// neither overflow this nor put the timeout off by writing it.
    static func commandElapsed(stamp: Int64, seenAt: Int64, now: Int64 = WorkerPage.now()) -> Int64 {
        let believable = stamp <= now && stamp >= seenAt &- seenSlackMilliseconds
        return max(0, now &- (believable ? min(stamp, seenAt) : seenAt))
    }

    /// How long before the supervisor first saw a command the command may have begun: longer than
    /// one wait of its loop (at most a second).
    static let seenSlackMilliseconds: Int64 = 1500

    /// Waits for the worker's end, relaying input and watching the command timeout and Ctrl-C meanwhile.
    func wait(for pid: pid_t) -> (status: Int32, stopped: Stopped?) {
        var stopped: Stopped?
        var interrupts = 0
        var interruptedCommand = -1
        var killAt: Int64?
        // A command whose isolated process was ended for its time: the worker ends it by then.
        var isolatedGrace: (command: Int, until: Int64)?
        // The command running and when the supervisor first saw it run: its own clock, which plugin
        // code cannot move.
        var commandSeen: (command: Int, at: Int64)?
        _ = SupervisorSignals.takeInterrupts()
        while true {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                relay?.detach()
                SupervisorSignals.worker = 0
                return (status, stopped)
            }
            var fds = [pollfd(fd: SupervisorSignals.wakeRead, events: Int16(POLLIN), revents: 0)]
            if let relay, !relay.ended { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            if let relay, relay.wantsWrite { fds.append(pollfd(fd: relay.descriptor, events: Int16(POLLOUT), revents: 0)) }
            if let errors { fds.append(pollfd(fd: errors.descriptor, events: Int16(POLLIN), revents: 0)) }
            // A wake-up now and then, whatever happens to SIGCHLD (the worker's end is also found by waitpid).
            let timeout: Int32 = killAt != nil ? 50 : setup.commandTimeout == nil && errors?.isHolding != true ? 1000 : 200
            _ = poll(&fds, nfds_t(fds.count), timeout)
            SupervisorSignals.drainWake()
            for fd in fds.dropFirst() where fd.revents != 0 {
                if fd.fd == STDIN_FILENO {
                    relay?.readInput()
                } else if fd.fd == errors?.descriptor {
                    errors?.pump()
                } else {
                    relay?.flush()
                }
            }
            if errors?.isHolding == true { errors?.pump() }
            if page.inCommand {
                if commandSeen?.command != page.completed { commandSeen = (page.completed, WorkerPage.now()) }
            } else {
                commandSeen = nil
            }
            if let limit = setup.commandTimeout, stopped == nil, let seen = commandSeen,
                Double(Self.commandElapsed(stamp: page.commandStarted, seenAt: seen.at)) > limit * 1000
            {
                if let grace = isolatedGrace, grace.command == page.completed {
                    // The isolated process was ended; the worker had its grace to end the command.
                    if WorkerPage.now() >= grace.until {
                        stopped = .timedOut
                        kill(pid, SIGKILL)
                    }
                } else if let isolated = page.isolatedProcess(of: pid) {
                    kill(isolated, SIGKILL)
                    page.noteIsolatedTimeout(milliseconds: Int32(clamping: Int64(limit * 1000)))
                    isolatedGrace = (page.completed, WorkerPage.now() + Self.isolatedGraceMilliseconds)
                } else {
                    stopped = .timedOut
                    kill(pid, SIGKILL)
                }
            }
            // Two Ctrl-Cs during one command: the worker's handler stops it; if plugin code ignores
            // or blocks SIGINT, the supervisor does, after a short grace.
            let pressed = SupervisorSignals.takeInterrupts()
            if pressed > 0 {
                if page.inCommand {
                    if page.completed != interruptedCommand {
                        interruptedCommand = page.completed
                        interrupts = 0
                    }
                    interrupts += pressed
                    if interrupts >= 2, killAt == nil { killAt = WorkerPage.now() + Self.interruptGraceMilliseconds }
                } else {
                    interrupts = 0
                    interruptedCommand = -1
                }
            }
            if let deadline = killAt, stopped == nil, WorkerPage.now() >= deadline {
                if page.inCommand, page.completed == interruptedCommand {
                    stopped = .interrupted
                    kill(pid, SIGKILL)
                } else {
                    // The worker ended the command itself (an isolated plugin's process stopped).
                    killAt = nil
                    interrupts = 0
                    interruptedCommand = -1
                }
            }
        }
    }
}
