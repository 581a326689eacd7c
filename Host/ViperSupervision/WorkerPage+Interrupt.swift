import Foundation
import ViperCore

/// Ctrl-C in a supervised worker while a command runs (at the prompt, readline has its own).
/// Once the command (or plugin code that runs outside a command) has run ``longCallMilliseconds`` or more,
/// the first says what runs, for how long, and what a second Ctrl-C does; the second stops the
/// worker with SIGINT, noted on the page, and the supervisor treats it as a crash of the plugin
/// that ran (named, off for the session, the session restored). When that code runs in an
/// isolated plugin's process (``IsolatedProcessWait``), the second ends that process alone: the
/// call fails with its line, the module is closed, and the session goes on in the same worker.
/// Before that, a quick command's Ctrl-C means what it means unsupervised: viper ends (status
/// 130), and the supervisor keeps the journal for the next start to offer.
///
/// The notice is put together in a buffer made at install and written with one `write`, so it
/// reaches the terminal whole (standard error goes through the supervisor), and the handler waits
/// until it was passed on before the plugin's code goes on writing.
extension WorkerPage {
    nonisolated(unsafe) private static var noticeStart: [UInt8] = []
    nonisolated(unsafe) private static var noticeWhile: [UInt8] = []
    nonisolated(unsafe) private static var noticeBusy: [UInt8] = []
    nonisolated(unsafe) private static var noticeEnd: [UInt8] = []
    nonisolated(unsafe) private static var noticeEndIsolated: [UInt8] = []
    nonisolated(unsafe) private static var noticeFor: [UInt8] = []
    private static let noticeCapacity = 1024
    nonisolated(unsafe) private static var notice = UnsafeMutablePointer<UInt8>.allocate(capacity: noticeCapacity)
    /// How long plugin code runs before Ctrl-C offers to stop it ("longer than a few seconds").
    package static let longCallMilliseconds: Int64 = 3000

    /// Installs the handler (a worker whose input is a terminal).
    package func installInterruptHandler() {
        Self.noticeStart = Array("\nviper: ".utf8)
        Self.noticeWhile = Array(" is still ".utf8)
        Self.noticeBusy = Array("\nviper: a command is still running".utf8)
        Self.noticeFor = Array(" for ".utf8)
        Self.noticeEnd = Array(" s; press Ctrl-C again to stop it (viper then starts again without that plugin and restores your session)\n".utf8)
        Self.noticeEndIsolated = Array(" s in its isolated process; press Ctrl-C again to stop that process (viper closes its module and goes on)\n".utf8)
        _ = Glibc.signal(SIGINT) { _ in WorkerPage.interrupted() }
    }

    private static func interrupted() {
        guard let page = current else { return }
        if interruptArmed {
            let isolated = IsolatedProcessWait.process
            if isolated > 0 {
                // The plugin's code runs in an isolated process: that process alone ends, the
                // call fails with its line, and the session goes on.
                interruptArmed = false
                IsolatedProcessWait.stoppedByInterrupt = true
                kill(isolated, SIGKILL)
                return
            }
            page.noteInterrupted()
            _ = Glibc.signal(SIGINT, SIG_DFL)
            raise(SIGINT)
            return
        }
        let started = page.callStarted != 0 ? page.callStarted : (page.inCommand ? page.commandStarted : 0)
        let elapsed = started == 0 ? 0 : now() &- started
        guard elapsed >= longCallMilliseconds else {
            // A quick command, or none: Ctrl-C ends viper, as it does unsupervised.
            _ = Glibc.signal(SIGINT, SIG_DFL)
            raise(SIGINT)
            return
        }
        interruptArmed = true
        var length = 0
        if let fields = page.runningFields, page.fieldLength(fields.plugin) > 0 {
            append(noticeStart, &length)
            appendField(page, fields.plugin, &length)
            append(noticeWhile, &length)
            appendField(page, fields.doing, &length)
        } else {
            append(noticeBusy, &length)
        }
        append(noticeFor, &length)
        appendSeconds(elapsed / 1000, &length)
        append(IsolatedProcessWait.process > 0 ? noticeEndIsolated : noticeEnd, &length)
        _ = write(STDERR_FILENO, notice, length)
        page.awaitErrorsRelayed()
    }

    // The notice's parts, copied into ``notice`` without allocating (a signal handler runs them).

    private static func append(_ bytes: [UInt8], _ length: inout Int) {
        let count = min(bytes.count, noticeCapacity - length)
        bytes.withUnsafeBufferPointer { source in
            if count > 0, let start = source.baseAddress { (notice + length).update(from: start, count: count) }
        }
        length += count
    }

    private static func appendField(_ page: WorkerPage, _ offset: Int, _ length: inout Int) {
        let count = min(page.fieldLength(offset), noticeCapacity - length)
        if count > 0 { UnsafeMutableRawPointer(notice + length).copyMemory(from: page.base + offset + 2, byteCount: count) }
        length += count
    }

    private static func appendSeconds(_ seconds: Int64, _ length: inout Int) {
        var divisor: Int64 = 1
        while divisor <= seconds / 10 { divisor *= 10 }
        var rest = max(seconds, 0)
        while divisor > 0, length < noticeCapacity {
            notice[length] = UInt8(ascii: "0") + UInt8(rest / divisor)
            rest %= divisor
            divisor /= 10
            length += 1
        }
    }
}
