import Contracts
import Foundation
import ViperCore
import ViperLoading

/// What the keeper needs of the shell whose session it keeps (ViperShell's `Shell` adopts it).
package protocol KeptShell: AnyObject {
    var stack: NavigationStack { get }
    /// The screens on the stack as the shell names them (`Home › Notes`).
    func breadcrumbLine() -> String
    /// Writes a line to standard output.
    func showLine(_ text: String)
    /// Writes an `error:` line.
    func errorLine(_ message: String)
    /// Writes a `warning:` line.
    func warningLine(_ message: String)
}

/// A supervised worker's side of the session: marks each command on the
/// ``WorkerPage``, writes the ``SessionJournal`` after every command that changed the stack or the
/// unsaved work of the module on screen, and, in a worker started after a crash, builds the
/// session again and reports the crash in one line. nil outside a supervised worker.
///
/// Only the module on screen gets commands, so between navigations only its work is read again;
/// the whole stack is read when the stack's revision moved. A journal that is the same as the one
/// written last is not written.
package final class SessionKeeper {
    private let page: WorkerPage
    private let launch: WorkerLaunch
    private let shell: any KeptShell
    private var written: SessionJournal?
    private var revision = -1
    private var warned = false

    package init?(shell: any KeptShell) {
        guard let page = WorkerPage.current, let launch = WorkerLaunch.current else { return nil }
        self.page = page
        self.launch = launch
        self.shell = shell
        if isatty(STDIN_FILENO) == 1 { page.installInterruptHandler() }
    }

    /// Commands of a `-c` script a crashed worker finished, or crashed on: this one starts after them.
    package var resumeAt: Int { launch.resumeAt }

    /// A command line starts: counted on the page.
    package func commandBegins() {
        page.beginCommand()
    }

    /// The command line ended: the journal is kept, then the command counted as finished.
    package func commandEnded(failed: Bool) {
        keep()
        page.complete(failed: failed)
    }

    /// The session ends: a crash from now on is reported, not restarted.
    package func ending() {
        page.beginEnding()
    }

    /// Writes the journal when the stack or the unsaved work changed since it was last written.
    package func keep() {
        guard let file = launch.journal else { return }
        let stack = shell.stack
        var journal: SessionJournal
        if let written, revision == stack.revision {
            journal = written
            let top = stack.depth - 1
            guard top >= 0, let entry = stack.entry(at: top) else { return }
            let work = RestorableWork.kept(of: entry)
            guard top < journal.work.count, journal.work[top] != work else { return }
            journal.work[top] = work
        } else {
            journal = SessionJournal(modules: stack.keptModules, work: RestorableWork.kept(from: stack))
            if let written, written.keepsTheSame(as: journal) {
                revision = stack.revision
                return
            }
        }
        journal.savedAt = Date().timeIntervalSince1970
        guard file.write(journal) else {
            if !warned { shell.warningLine("the session is too large to keep in its journal; a crash would lose what is on screen") }
            warned = true
            return
        }
        written = journal
        revision = stack.revision
    }

    /// In a worker started after a crash: builds the journal's modules again, bottom first (those
    /// of a plugin that is off are left out), gives each its unsaved work back, and reports the
    /// crash in one line on standard error.
    package func restore() {
        guard let notice = launch.notice else {
            if launch.recovered {
                let leftOut = rebuild(launch.restore)
                keep()
                shell.showLine("Recovered: \(shell.breadcrumbLine())" + (leftOut.isEmpty ? "" : " (left out: \(leftOut.joined(separator: ", ")))"))
            }
            return
        }
        let leftOut = rebuild(launch.restore)
        keep()
        // At the prompt, the line starts after it.
        if notice.wasWaiting, isatty(STDOUT_FILENO) == 1 { shell.showLine("") }
        shell.errorLine(notice.line(restored: shell.breadcrumbLine(), leftOut: leftOut))
    }

    /// Builds `journal`'s modules on the stack; returns what was left out, and why.
    package func rebuild(_ journal: SessionJournal?) -> [String] {
        var leftOut: [String] = []
        for (position, module) in (journal?.modules ?? []).enumerated() {
            if launch.excluded[module.plugin] != nil {
                leftOut.append("\(module.label) of '\(module.plugin)'")
                continue
            }
            do {
                let entry = try shell.stack.restore(module)
                if position < (journal?.work.count ?? 0), let work = journal?.work[position] {
                    try RestorableWork.giveBack(work, to: entry)
                }
            } catch {
                leftOut.append("\(module.label): \(NavigationStack.oneLine(error))")
            }
        }
        return leftOut
    }
}
