import ViperCore
import ViperLoading

/// What the supervisor tells a worker it starts (the worker is a `fork` of it, so this is plain
/// memory): where the journal goes, which plugins stay off, where a script goes on, what to build
/// again, and the crash to report once it has.
package struct WorkerLaunch {
    /// The session's journal (nil: it could not be made; nothing is kept).
    package var journal: JournalFile?
    /// Plugins not to load, with why (the reason `viper plugins` and a route's error show).
    package var excluded: [String: String] = [:]
    /// Commands of a `-c` script already finished (a restarted worker skips them); a piped
    /// session's relay sends only the lines after them.
    package var resumeAt = 0
    /// The session to build again (nil: a fresh start).
    package var restore: SessionJournal?
    /// The crash to report in one line once the session is restored.
    package var notice: CrashNotice?
    /// Whether ``restore`` is work recovered from a session that ended with its supervisor.
    package var recovered = false

    package init(journal: JournalFile?) {
        self.journal = journal
    }

    /// Whether this worker replaces one that crashed.
    package var isRestart: Bool { notice != nil }

    /// The launch of this process when it is a supervised worker.
    nonisolated(unsafe) package static var current: WorkerLaunch?
}
