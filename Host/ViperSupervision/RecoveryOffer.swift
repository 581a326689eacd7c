import Foundation
import ViperCore
import ViperLoading

/// Unsaved work left by a session whose supervisor died too (a host bug, a kill of both
/// processes, a power cut before the page reached the disk is the one loss): its journal is still
/// in `sessions/`, under a process id that no longer runs. The next interactive start offers it,
/// as vim offers a swap file: `Recovered unsaved work from 16:58: NoteEditing of 'notes': type
/// 'recover' or 'discard'`. Any other answer keeps it for the next start; scripts are never asked.
struct RecoveryOffer {
    let path: String
    let journal: SessionJournal

    /// The newest journal of a session that is gone and left unsaved work, or nil.
    static func find(data: String) -> RecoveryOffer? {
        let folder = SessionJournal.folder(data: data)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let offers = names.compactMap { name -> RecoveryOffer? in
            guard name.hasSuffix(".journal"), let pid = pid_t(name.dropLast(8)), !isRunning(pid) else { return nil }
            let path = Paths.join(folder, name)
            guard let journal = JournalFile.read(path), journal.hasUnsavedWork else {
                unlink(path)  // nothing to give back
                return nil
            }
            return RecoveryOffer(path: path, journal: journal)
        }
        return offers.max { $0.journal.savedAt < $1.journal.savedAt }
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// `Recovered unsaved work from 16:58: NoteEditing of 'notes': type 'recover' or 'discard': `
    var question: String {
        let kept = zip(journal.modules, journal.work).filter { $0.1 != nil }.map { "\($0.0.label) of '\($0.0.plugin)'" }
        return "Recovered unsaved work from \(Self.clock(journal.savedAt)): \(kept.joined(separator: ", ")): type 'recover' or 'discard': "
    }

    private static func clock(_ seconds: Double) -> String {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return String(format: "%02d:%02d", parts.tm_hour, parts.tm_min)
    }

    /// Asks on the terminal (the supervisor's, before any worker runs); returns the answer, lowercased.
    func ask() -> String? {
        var text = question
        text.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
    }
}
