import Foundation
import ViperCore
import ViperLoading

/// The supervisor's state over one session: the workers it started, the crashes, the relay.
/// See ``Supervisor`` for the design; this is its loop.
struct SupervisorLoop {
    let setup: Supervisor.Setup
    let page: WorkerPage
    private var launch: WorkerLaunch
    /// Where the worker's signal handler writes the crashing thread's frames (nil: the data folder takes no file).
    private let framesPath: String?
    /// Whether crash reports and the crash memory may be written.
    private let writesReports: Bool
    private var crashTimes: [Double] = []
    /// Commands that failed in workers that crashed, and the crashed commands themselves.
    private var failures = 0
    let relay: InputRelay?
    /// The worker's standard error, passed on (nil: the pipe could not be made).
    let errors: ErrorRelay?
    private var savedTerminal = termios()
    private let hasTerminal: Bool

    init(setup: Supervisor.Setup, page: WorkerPage) {
        self.setup = setup
        self.page = page
        // Nothing is written in a data folder viper may not write in (start-up says why, in one line).
        let sessions = SessionJournal.folder(data: setup.dataFolder)
        let writable = DataFolderGuard.writeProblem(setup.dataFolder) == nil && Self.makeFolder(sessions)
        launch = WorkerLaunch(journal: writable ? JournalFile.create(Paths.join(sessions, "\(getpid()).journal")) : nil)
        framesPath = writable ? Paths.join(sessions, "\(getpid()).frames") : nil
        writesReports = writable
        relay = setup.relaysInput ? InputRelay(atEnd: { [page] in page.markInputEnded() }) : nil
        errors = ErrorRelay(page: page)
        hasTerminal = tcgetattr(STDIN_FILENO, &savedTerminal) == 0
    }

    /// Makes `folder` (mode 0700) unless it is there; false when it is not a folder of its own (a link, a file).
    private static func makeFolder(_ folder: String) -> Bool {
        try? FileManager.default.createDirectory(atPath: Paths.parent(folder), withIntermediateDirectories: true)
        _ = mkdir(folder, 0o700)
        var status = stat()
        return lstat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
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
            _ = tcgetattr(STDIN_FILENO, &savedTerminal)  // the settings the question left, not a killed session's
        }
        SupervisorSignals.install(passInterrupt: !hasTerminalSession)
        SupervisorSignals.becomeSubreaper()
        SupervisorSignals.keepMemoryOutOfReach()
        defer { SupervisorSignals.uninstall() }
        while true {
            guard let pid = start(worker: worker) else {
                // No worker (fork failed): run the session here, as an unsupervised one would.
                return worker()
            }
            let (status, stopped) = wait(for: pid)
            // What the worker's plugins started ends with it.
            SupervisorSignals.endOrphans()
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
                removeFrames()
                return SupervisorSignals.endAsReceived(received)
            }
            if status & 0x7f == SIGINT, !page.interrupted {  // Ctrl-C on a quick command, or sent to a script
                errors?.pump()
                errors?.release()
                // At a terminal the session ends as an unsupervised one would, and its unsaved work
                // stays for the next start to offer (a journal without any is dropped then).
                if hasTerminalSession { removeFrames() } else { cleanUp() }
                return SupervisorSignals.endAsReceived(SIGINT)
            }
            if status & 0x7f == SIGPIPE, Self.standardOutputIsClosed {
                // `viper -c ... | head`: the reader is gone, so the session ends as any command
                // would (status 141), quietly, and no command after it runs. Not a crash.
                errors?.pump()
                errors?.release()
                cleanUp()
                return SupervisorSignals.endAsReceived(SIGPIPE)
            }
            if let ended = crashed(status: status, stopped: stopped) { return ended }
        }
    }

    /// A person at a terminal runs the session (Ctrl-C there is the worker's to handle).
    var hasTerminalSession: Bool { hasTerminal && !setup.relaysInput }

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
            var own = launch
            own.writer = launch.journal?.writerInWorker()
            WorkerLaunch.current = own
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

    /// Handles a crash: reports it, and either prepares the next worker (nil) or ends the session (its status).
    private mutating func crashed(status: Int32, stopped: Stopped?) -> Int32? {
        if hasTerminal { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal) }
        let pageDamage = page.damage(resumedAt: launch.resumeAt)
        var notice = CrashNotice(status: status, page: page, stoppedByInterrupt: stopped == .interrupted, stoppedAsHang: stopped == .timedOut)
        if let words = errors?.lastWords() {
            notice.said = words.text
            if !notice.isExit, notice.cause != CrashNotice.stoppedWithCtrlC, let signal = notice.cause.split(separator: ":").first {
                notice.cause = "\(signal): \(words.cause)"
            }
        }
        if stopped == .timedOut, let limit = setup.commandTimeout {
            notice.cause = "hung: no answer within --command-timeout \(Self.seconds(limit))"
            notice.isExit = false
        }
        if writesReports {
            notice.reportPath = CrashReport.write(notice, frames: readFrames(), images: page.images, data: setup.dataFolder)
            remember(notice)
        }
        let now = Date().timeIntervalSince1970
        crashTimes = crashTimes.filter { now - $0 < Supervisor.crashWindow } + [now]
        // Counts the worker wrote, held to what is possible: plugin code may have written any bytes.
        let completed = min(max(page.completed, launch.resumeAt), launch.resumeAt + Self.commandsPerWorkerLimit)
        let failedThere = min(max(page.failed, 0), completed - launch.resumeAt)
        failures += failedThere + (page.inCommand ? 1 : 0)
        if crashTimes.count >= Supervisor.crashLimit {
            report(
                notice.line(restored: nil) + "; that is \(Supervisor.crashLimit) crashes within a minute, so viper stops (status "
                    + "\(Supervisor.tooManyCrashesStatus)) instead of starting again; what was unsaved is kept for the next start")
            removeFrames()
            return Supervisor.tooManyCrashesStatus
        }
        if page.ending {
            report(notice.line(restored: nil) + "; the session was ending, so it is not started again")
            cleanUp()
            return 1
        }
        launch.resumeAt = completed + (page.inCommand ? 1 : 0)
        if let plugin = notice.plugin {
            launch.excluded[plugin] =
                "it crashed this session (\(notice.cause)); it loads again when viper next starts (under 'viper dev', with its next build)"
        }
        if let pageDamage, setup.scripted {
            report(
                notice.line(restored: nil) + "; the page viper's worker shares with it was overwritten (\(pageDamage)), so viper cannot "
                    + "tell where the script was and stops it here")
            removeFrames()
            return 1
        }
        if let reading = launch.journal?.read() {
            if let damage = reading.damage {
                let kept = reading.journal.map { "\($0.modules.count) of its modules" } ?? "nothing"
                if setup.scripted {
                    report(
                        notice.line(restored: nil) + "; the session's journal was damaged (\(damage)), so viper stops the script "
                            + "here rather than run its remaining commands on another screen")
                    removeFrames()
                    return 1
                }
                report("the session's journal was damaged (\(damage)); viper restores what it could read (\(kept))")
            }
            launch.restore = reading.journal ?? launch.restore
        }
        launch.notice = notice
        return nil
    }

    /// The frames the worker's signal handler wrote, read without following a link, at most 64 KiB.
    private func readFrames() -> String {
        // The worker could have put a FIFO or a link at the name: only a regular file is read.
        guard let framesPath, let bytes = DataFolderGuard.regularFileBytes(framesPath, limit: 65536) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Counts the crash in the crash memory (a plugin found running, with its file).
    private func remember(_ notice: CrashNotice) {
        guard let plugin = notice.plugin, let path = notice.pluginPath else { return }
        var memory = CrashMemory.read(data: setup.dataFolder)
        memory.record(plugin: plugin, version: notice.version ?? "?", path: path, cause: notice.cause, doing: notice.doing)
        try? memory.write(data: setup.dataFolder)
    }

    /// Writes an `error:` line to standard error (the worker is gone, so the supervisor does); what
    /// the line quotes of the worker (a plugin's name, its last words) is escaped.
    private func report(_ line: String) {
        fflush(nil)
        var text = "error: " + PrintableText.oneLine(line) + "\n"
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// The session ended well: its journal and scratch files go.
    private func cleanUp() {
        launch.journal?.remove()
        removeFrames()
    }

    private func removeFrames() {
        if let framesPath { unlink(framesPath) }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
