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
/// when the stack moved, only the modules that came are read, from the lowest position that
/// changed. Nothing is written when nothing changed.
package final class SessionKeeper {
    private let page: WorkerPage
    private let launch: WorkerLaunch
    /// The launch's journal writer (read once: the launch is a value).
    private let writer: JournalWriter?
    private let shell: any KeptShell
    /// The shell's stack (it keeps one for its life).
    private let stack: NavigationStack
    private var revision = -1
    /// The position of the module that was on top when the journal was last kept.
    private var previousTop: Int?
    private var warned = false
    /// The wall clock's second the journal's time is written from, and the page's command stamp
    /// (coarse monotonic milliseconds) when it was read: it is read again only once the stamp
    /// moved a second on, so a command costs no call for the time.
    private var wallSecond = 0
    private var wallReadAt: Int64?

    package init?(shell: any KeptShell) {
        guard let page = WorkerPage.current, let launch = WorkerLaunch.current else { return nil }
        self.page = page
        self.launch = launch
        self.writer = launch.writer
        self.shell = shell
        self.stack = shell.stack
        if isatty(STDIN_FILENO) == 1 { page.installInterruptHandler() }
    }

    /// Commands of a `-c` script a crashed worker finished, or crashed on: this one starts after them.
    package var resumeAt: Int { launch.resumeAt }

    /// A command line starts: counted on the page.
    package func commandBegins() {
        page.beginCommand()
    }

    /// The command line ended: the journal is kept, then the command counted as finished. Unless
    /// the next line already waits (`inputWaiting`: a script read ahead), the journal's tail goes to
    /// its file, so a session whose two processes both die is recovered up to this command.
    package func commandEnded(failed: Bool, inputWaiting: Bool = false) {
        keep()
        if !inputWaiting { writer?.flush() }
        page.complete(failed: failed)
    }

    /// A piped session's input came to its end. When the supervisor did not say the script's
    /// input ended, the end is the supervisor's death: the worker ends at once, as a power cut
    /// would end it (its journal and the databases' logs left for the next start), rather than
    /// close the session half-way before its own death signal arrives.
    package func inputCameToAnEnd() {
        guard !page.inputEnded else { return }
        _exit(128 + SIGKILL)
    }

    /// The session ends: a crash from now on is reported, not restarted.
    package func ending() {
        writer?.flush()
        page.beginEnding()
    }

    /// Writes to the journal what changed since it was last written: the modules that left, those
    /// that came (with their work), and the work of the top and of the module that was on top
    /// before (a child's output may have changed its parent's). Costs the same whatever the depth.
    package func keep() {
        guard let writer else { return }
        let changes = stack.takeChanges()
        let depth = changes.depth
        var changed = false
        if revision != changes.revision {
            let from = min(changes.changedFrom, writer.depth)
            if from < writer.depth {
                writer.cut(depth: from)
                changed = true
            }
            for position in from..<max(depth, from) {
                guard let entry = stack.entry(at: position) else { continue }
                push(entry, to: writer)
                changed = true
            }
            if let previousTop, previousTop < from, previousTop < depth - 1 {
                changed = keepWork(at: previousTop, writer: writer) || changed
            }
            if depth - 1 < from { changed = keepWork(at: depth - 1, writer: writer) || changed }
        } else {
            changed = keepWork(at: depth - 1, writer: writer)
        }
        revision = changes.revision
        previousTop = depth - 1
        guard changed else { return }
        let stamp = page.commandStarted
        if stamp == 0 || wallReadAt.map({ stamp < $0 || stamp - $0 >= 1000 }) ?? true {
            wallSecond = time(nil)
            wallReadAt = stamp
        }
        guard writer.finish(savedAt: Double(wallSecond)) else {
            if !warned { shell.warningLine("the session is too large to keep in its journal; a crash would lose what is on screen") }
            warned = true
            return
        }
    }

    /// The push fields of a kind of module: its registration (held, so it is never another's),
    /// path and placement.
    private struct KeptKind {
        let registration: AnyObject
        let path: String?
        let presented: Bool
        let fields: [UInt8]
    }

    /// The kinds of module pushed last, newest last: a push of one of them again copies its
    /// fields instead of making them.
    private var kept: [KeptKind] = []

    /// Writes the push of `entry`, with its unsaved work.
    private func push(_ entry: ModuleEntry, to writer: JournalWriter) {
        let registration = entry.registration
        let presented = entry.placement == .presented
        if let index = kept.lastIndex(where: { $0.registration === registration && $0.path == entry.path && $0.presented == presented }) {
            writer.push(fields: kept[index].fields, work: RestorableWork.kept(of: entry))
            return
        }
        let fields = JournalRecord.fields(of: stack.keptModule(of: entry))
        if kept.count >= Self.keptKinds { kept.removeFirst() }
        kept.append(KeptKind(registration: registration, path: entry.path, presented: presented, fields: fields))
        writer.push(fields: fields, work: RestorableWork.kept(of: entry))
    }

    /// How many kinds of module ``kept`` holds.
    private static let keptKinds = 16

    /// Writes the work of the module at `position` when it differs from what the journal holds;
    /// whether it did.
    private func keepWork(at position: Int, writer: JournalWriter) -> Bool {
        guard position >= 0, let entry = stack.entry(at: position), let held = writer.work(at: position) else { return false }
        let work = RestorableWork.kept(of: entry)
        guard work != held else { return false }
        writer.setWork(position: position, work: work)
        return true
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
                let entry = try stack.restore(module)
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
