import Foundation
import ViperCore
import ViperLoading

/// The supervisor's state over one session: the workers it started, the crashes, the relay.
/// See ``Supervisor`` for the design; this is its loop.
struct SupervisorLoop {
    let setup: Supervisor.Setup
    let page: WorkerPage
    private var launch: WorkerLaunch
    private let framesPath: String
    private var crashTimes: [Double] = []
    /// Commands that failed in workers that crashed, and the crashed commands themselves.
    private var failures = 0
    private let relay: InputRelay?
    /// The worker's standard error, passed on (nil: the pipe could not be made).
    private let errors: ErrorRelay?
    private var savedTerminal = termios()
    private let hasTerminal: Bool

    init(setup: Supervisor.Setup, page: WorkerPage) {
        self.setup = setup
        self.page = page
        let sessions = SessionJournal.folder(data: setup.dataFolder)
        try? FileManager.default.createDirectory(
            atPath: sessions, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        launch = WorkerLaunch(journal: JournalFile.create(Paths.join(sessions, "\(getpid()).journal")))
        framesPath = Paths.join(sessions, "\(getpid()).frames")
        relay = setup.relaysInput ? InputRelay() : nil
        errors = ErrorRelay(page: page)
        hasTerminal = tcgetattr(STDIN_FILENO, &savedTerminal) == 0
    }

    mutating func run(worker: () -> Int32) -> Int32 {
        if hasTerminalSession, isatty(STDOUT_FILENO) == 1, let offer = RecoveryOffer.find(data: setup.dataFolder) {
            switch offer.ask() {
            case "recover":
                launch.restore = offer.journal
                launch.recovered = true
                unlink(offer.path)
            case "discard":
                unlink(offer.path)
            default:
                break  // kept for the next start
            }
        }
        SupervisorSignals.install(passInterrupt: !hasTerminalSession)
        defer { SupervisorSignals.uninstall() }
        while true {
            guard let pid = start(worker: worker) else {
                // No worker (fork failed): run the session here, as an unsupervised one would.
                return worker()
            }
            let (status, timedOut) = wait(for: pid)
            if page.announced {
                errors?.pump()
                errors?.release()
                cleanUp()
                let own = page.announcedStatus
                return setup.scripted && own == 0 && failures > 0 ? 1 : own
            }
            if let received = SupervisorSignals.received {
                errors?.pump()
                errors?.release()
                // Ended from outside (a closed terminal, a kill): the journal stays, for the next start to offer.
                unlink(framesPath)
                return SupervisorSignals.endAsReceived(received)
            }
            if status & 0x7f == SIGINT, !page.interrupted {  // Ctrl-C on a quick command, or sent to a script
                errors?.pump()
                errors?.release()
                // At a terminal the session ends as an unsupervised one would, and its unsaved work
                // stays for the next start to offer (a journal without any is dropped then).
                if hasTerminalSession { unlink(framesPath) } else { cleanUp() }
                return SupervisorSignals.endAsReceived(SIGINT)
            }
            if let ended = crashed(status: status, timedOut: timedOut) { return ended }
        }
    }

    /// A person at a terminal runs the session (Ctrl-C there is the worker's to handle).
    private var hasTerminalSession: Bool { hasTerminal && !setup.relaysInput }

    /// Forks a worker; nil when `fork` failed.
    private mutating func start(worker: () -> Int32) -> pid_t? {
        page.reset()
        page.setCompleted(launch.resumeAt)
        var input: [Int32] = [-1, -1]
        if relay != nil, pipe(&input) != 0 { return nil }
        fflush(nil)
        let supervisor = getpid()
        let pid = fork()
        if pid == 0 {
            SupervisorSignals.resetInWorker(supervisor: supervisor)
            if relay != nil {
                _ = dup2(input[0], STDIN_FILENO)
                close(input[0])
                close(input[1])
            }
            WorkerLaunch.current = launch
            errors?.attachInWorker(page: page)
            page.installCrashHandlers(framesFile: framesPath)
            let status = worker()
            page.announceExit(status)
            fflush(nil)
            exit(status)
        }
        if relay != nil { close(input[0]) }
        guard pid > 0 else {
            if relay != nil { close(input[1]) }
            return nil
        }
        SupervisorSignals.worker = pid
        relay?.attach(writeEnd: input[1], from: launch.resumeAt)
        return pid
    }

    /// Waits for the worker's end, relaying input and watching the command timeout meanwhile.
    private func wait(for pid: pid_t) -> (status: Int32, timedOut: Bool) {
        var timedOut = false
        while true {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                relay?.detach()
                SupervisorSignals.worker = 0
                return (status, timedOut)
            }
            var fds = [pollfd(fd: SupervisorSignals.wakeRead, events: Int16(POLLIN), revents: 0)]
            if let relay, !relay.ended { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            if let relay, relay.wantsWrite { fds.append(pollfd(fd: relay.descriptor, events: Int16(POLLOUT), revents: 0)) }
            if let errors { fds.append(pollfd(fd: errors.descriptor, events: Int16(POLLIN), revents: 0)) }
            // A wake-up now and then, whatever happens to SIGCHLD (the worker's end is also found by waitpid).
            let timeout: Int32 = setup.commandTimeout == nil && errors?.isHolding != true ? 1000 : 200
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
            if let limit = setup.commandTimeout, !timedOut, page.inCommand,
                Double(WorkerPage.now() - page.commandStarted) > limit * 1000
            {
                timedOut = true
                kill(pid, SIGKILL)
            }
        }
    }

    /// Handles a crash: reports it, and either prepares the next worker (nil) or ends the session (its status).
    private mutating func crashed(status: Int32, timedOut: Bool) -> Int32? {
        if hasTerminal { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal) }
        var notice = CrashNotice(status: status, page: page)
        if let words = errors?.lastWords() {
            notice.said = words.text
            if !notice.isExit, !page.interrupted, let signal = notice.cause.split(separator: ":").first {
                notice.cause = "\(signal): \(words.cause)"
            }
        }
        if timedOut, let limit = setup.commandTimeout {
            notice.cause = "hung: no answer within --command-timeout \(Self.seconds(limit))"
            notice.isExit = false
        }
        let frames = (try? String(contentsOfFile: framesPath, encoding: .utf8)) ?? ""
        notice.reportPath = CrashReport.write(notice, frames: frames, images: page.images, data: setup.dataFolder)
        remember(notice)
        let now = Date().timeIntervalSince1970
        crashTimes = crashTimes.filter { now - $0 < Supervisor.crashWindow } + [now]
        failures += page.failed + (page.inCommand ? 1 : 0)
        if crashTimes.count >= Supervisor.crashLimit {
            report(
                notice.line(restored: nil) + "; that is \(Supervisor.crashLimit) crashes within a minute, so viper stops (status "
                    + "\(Supervisor.tooManyCrashesStatus)) instead of starting again; what was unsaved is kept for the next start")
            unlink(framesPath)
            return Supervisor.tooManyCrashesStatus
        }
        if page.ending {
            report(notice.line(restored: nil) + "; the session was ending, so it is not started again")
            cleanUp()
            return 1
        }
        launch.resumeAt = page.completed + (page.inCommand ? 1 : 0)
        if let plugin = notice.plugin {
            launch.excluded[plugin] =
                "it crashed this session (\(notice.cause)); it loads again when viper next starts (under 'viper dev', with its next build)"
        }
        launch.restore = launch.journal?.read() ?? launch.restore
        launch.notice = notice
        return nil
    }

    /// Counts the crash in the crash memory (a plugin found running, with its file).
    private func remember(_ notice: CrashNotice) {
        guard let plugin = notice.plugin, let path = notice.pluginPath else { return }
        var memory = CrashMemory.read(data: setup.dataFolder)
        memory.record(plugin: plugin, version: notice.version ?? "?", path: path, cause: notice.cause, doing: notice.doing)
        try? memory.write(data: setup.dataFolder)
    }

    /// Writes an `error:` line to standard error (the worker is gone, so the supervisor does).
    private func report(_ line: String) {
        fflush(nil)
        var text = "error: " + PrintableText.oneLine(line) + "\n"
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// The session ended well: its journal and scratch files go.
    private func cleanUp() {
        launch.journal?.remove()
        unlink(framesPath)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
