import Foundation
import ViperCore

/// Ctrl-C in a supervised worker while a command runs (at the prompt, readline has its own):
/// the first says what runs and what a second Ctrl-C does; the second stops the worker with
/// SIGINT, noted on the page, and the supervisor treats it as a crash of the plugin that ran
/// (named, off for the session, the session restored). Unsupervised, Ctrl-C ends viper as before.
extension WorkerPage {
    nonisolated(unsafe) private static var noticeStart: [UInt8] = []
    nonisolated(unsafe) private static var noticeWhile: [UInt8] = []
    nonisolated(unsafe) private static var noticeBusy: [UInt8] = []
    nonisolated(unsafe) private static var noticeEnd: [UInt8] = []

    /// Installs the handler (a worker whose input is a terminal).
    package func installInterruptHandler() {
        Self.noticeStart = Array("\nviper: ".utf8)
        Self.noticeWhile = Array(" is still ".utf8)
        Self.noticeBusy = Array("\nviper: a command is still running".utf8)
        Self.noticeEnd = Array("; press Ctrl-C again to stop it (viper then starts again without that plugin and restores your session)\n".utf8)
        _ = Glibc.signal(SIGINT) { _ in WorkerPage.interrupted() }
    }

    private static func interrupted() {
        guard let page = current else { return }
        if interruptArmed {
            page.noteInterrupted()
            _ = Glibc.signal(SIGINT, SIG_DFL)
            raise(SIGINT)
            return
        }
        interruptArmed = true
        if page.writeField(pluginFieldOffset, prefix: noticeStart) {
            writeAll(noticeWhile)
            _ = page.writeField(doingFieldOffset, prefix: [])
        } else {
            writeAll(noticeBusy)
        }
        writeAll(noticeEnd)
    }

    private static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
