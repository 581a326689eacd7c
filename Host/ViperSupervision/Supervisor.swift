import Foundation
import ViperCore
import ViperLoading

/// Runs a shell session in a worker process it watches. The supervisor is this
/// process before any plugin is loaded: it maps the ``WorkerPage``, forks the worker (which goes
/// on to start the runtime and the shell), and waits. When the worker ends without viper having
/// announced the end (a signal, an abort, `exit` or `_exit` from plugin code, SIGKILL), the
/// supervisor restores the terminal's settings, writes a crash report, and forks a new worker
/// without the plugin found running, which builds the session again from its journal and reports
/// the crash in one line. A piped session's input goes through the supervisor (``InputRelay``) and a
/// `-c` script resumes after the crashed command, so no command is lost or run twice.
///
/// Three crashes within a minute end the session with status 70 (EX_SOFTWARE) instead of looping.
///
/// Invariants:
/// - The supervisor runs one thread and loads no plugin, so every `fork` copies a process in a
///   known state; when it is not alone at the start it does not supervise (the session runs as before).
/// - A worker's end is judged by the page: announced is viper's own end; anything else is a crash,
///   except a signal the supervisor itself received and passed on (SIGTERM, SIGHUP, SIGQUIT), and
///   a Ctrl-C of a piped session, which end the session as they would an unsupervised one.
///
/// How the pieces fit: ``SupervisorLoop`` is the supervisor's side (``SupervisorSignals``,
/// ``InputRelay``, ``ErrorRelay``); ``WorkerLaunch`` says what a new worker is to do, and the
/// worker's ``SessionKeeper`` writes the ``SessionJournal`` (``JournalFile``, its records first in
/// the shared ``JournalTail``) after each command that changed something, with the unsaved work
/// of modules (``RestorableWork``). The worker
/// marks plugin code on the ``WorkerPage`` and runs under ``WorkerSignalFilter``; after a crash
/// the supervisor writes a ``CrashReport``, updates the ``CrashMemory`` and the next worker prints
/// the ``CrashNotice``. ``RecoveryOffer`` is for a session whose supervisor died too.
package enum Supervisor {
    /// Crashes within ``crashWindow`` seconds that end the session.
    static let crashLimit = 3
    static let crashWindow = 60.0
    /// The status of a session that crashed too often (EX_SOFTWARE).
    package static let tooManyCrashesStatus: Int32 = 70

    /// How the session is run.
    package struct Setup {
        package var dataFolder: String
        /// `-c` or piped: a crashed command counts as failed, and the status says so.
        package var scripted: Bool
        /// Piped input: relayed by the supervisor.
        package var relaysInput: Bool
        /// `--command-timeout SECONDS`: a command that runs longer is stopped as a hang.
        package var commandTimeout: Double?

        package init(dataFolder: String, scripted: Bool, relaysInput: Bool, commandTimeout: Double?) {
            self.dataFolder = dataFolder
            self.scripted = scripted
            self.relaysInput = relaysInput
            self.commandTimeout = commandTimeout
        }
    }

    /// Whether ``run(_:worker:)`` was called in this process (a worker, or the session it ran unsupervised).
    nonisolated(unsafe) package static var hasRun = false

    /// Whether sessions are supervised: yes, unless `VIPER_SUPERVISE=0`.
    package static func isOn(environment: [String: String]) -> Bool {
        environment["VIPER_SUPERVISE"] != "0"
    }

    /// Runs the session: `worker` runs in each worker (``WorkerLaunch/current`` says how) and returns
    /// its status. Returns the session's status. Runs `worker` here, unsupervised, when it cannot supervise.
    package static func run(_ setup: Setup, worker: () -> Int32) -> Int32 {
        hasRun = true
        guard isAlone, let page = WorkerPage.make() else { return worker() }
        var loop = SupervisorLoop(setup: setup, page: page)
        return loop.run(worker: worker)
    }

    /// Whether this process runs a single thread now (read from /proc/self/task).
    static var isAlone: Bool {
        guard let folder = opendir("/proc/self/task") else { return false }
        defer { closedir(folder) }
        var threads = 0
        while let entry = readdir(folder) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { threads += 1 }
        }
        return threads == 1
    }
}
