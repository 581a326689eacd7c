import Foundation
import ViperCore
import ViperLoading

/// The worker's side of the journal: records appended to the tail (or with one `pwrite` each when
/// there is no tail), the tail written to the file by ``flush()``, and a mirror of what the two
/// hold (for the snapshot a full half needs).
package final class JournalWriter {
    private let file: JournalFile
    private var modules: [KeptModule] = []
    private var work: [String?] = []
    private var half = 0
    private var generation: UInt64 = 0
    /// Where the next record goes in the active half.
    private(set) var offset = 0
    /// Whether the next commit writes a snapshot (a new worker: the file still holds the last one's).
    private var startsOver = true
    /// The time the journal holds, in whole seconds: a commit in the same second writes none.
    private var secondWritten: Int?

    /// A writer that goes on from `head` (the file's, as the last worker left it), so its first
    /// snapshot goes to the half that is not active.
    init(file: JournalFile, head: (half: Int, generation: UInt64)?) {
        self.file = file
        if let head {
            half = head.half
            generation = head.generation
        }
    }

    /// How many modules the file holds.
    package var depth: Int { modules.count }

    /// The work the file holds for the module at `position`, or nil.
    package func work(at position: Int) -> String?? {
        position < work.count ? .some(work[position]) : .none
    }

    /// Appends `records` and the time (in whole seconds, when it moved); false when they do not fit
    /// even in a half of their own (or the file cannot be written), and the file then holds what it held.
    @discardableResult
    func commit(_ records: [JournalRecord], savedAt: Double) -> Bool {
        let second = savedAt.isFinite && abs(savedAt) < 1e15 ? Int(savedAt.rounded(.down)) : 0
        if !startsOver {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256)
            for record in records { record.append(to: &bytes, generation: generation) }
            if second != secondWritten { JournalRecord.time(Double(second)).append(to: &bytes, generation: generation) }
            if offset + bytes.count + JournalFile.frameBefore <= JournalFile.halfSize {
                guard append(bytes) else { return false }
                secondWritten = second
                offset += bytes.count
                // In place: a copy of the mirror per command would cost the stack's depth.
                for record in records { Self.apply(record, to: &modules, &work) }
                return true
            }
        }
        // A snapshot in the other half, the rest of it zeroed, then the head names it (rare: a
        // new worker, or a full half), so the mirror is copied here and nowhere else.
        var nextModules = modules, nextWork = work
        for record in records { Self.apply(record, to: &nextModules, &nextWork) }
        let next = generation &+ 1
        var snapshot: [UInt8] = []
        for (module, kept) in zip(nextModules, nextWork) { JournalRecord.push(module, work: kept).append(to: &snapshot, generation: next) }
        JournalRecord.time(Double(second)).append(to: &snapshot, generation: next)
        guard snapshot.count + JournalFile.frameBefore <= JournalFile.halfSize else { return false }
        let length = snapshot.count
        guard write(snapshot, half: 1 - half, at: 0), zeroRest(of: 1 - half, after: length),
            file.writeHead(half: 1 - half, generation: next)
        else { return false }
        file.tail?.startOver(generation: next, half: 1 - half, at: length)
        half = 1 - half
        generation = next
        offset = length
        startsOver = false
        secondWritten = second
        (modules, work) = (nextModules, nextWork)
        return true
    }

    /// Appends `bytes` at ``offset``: to the tail, written to the file first when it is full.
    private func append(_ bytes: [UInt8]) -> Bool {
        guard let tail = file.tail else { return write(bytes, half: half, at: offset) }
        if tail.append(bytes) { return true }
        guard flush() else { return false }
        if tail.append(bytes) { return true }
        // More than the tail holds: written at once, and the tail goes on after it.
        guard write(bytes, half: half, at: offset) else { return false }
        tail.startOver(generation: generation, half: half, at: offset + bytes.count)
        return true
    }

    /// Writes the tail's records to the file (before the worker waits for input, so that the file
    /// alone holds the session if both processes die); false when the write failed.
    @discardableResult
    package func flush() -> Bool {
        guard let tail = file.tail else { return true }
        let half = half
        return tail.flush { bytes, at in
            pwrite(file.descriptor, bytes.baseAddress, bytes.count, off_t(JournalFile.halvesOffset + half * JournalFile.halfSize + at)) == bytes.count
        }
    }

    /// Zeros `half` after its first `length` bytes: a hole punched in the file where the file
    /// system can (no disk space taken: the journal is 1 MiB, and a small data folder must not
    /// fill up with its zeros), written zeros where it cannot.
    private func zeroRest(of half: Int, after length: Int) -> Bool {
        let start = JournalFile.halvesOffset + half * JournalFile.halfSize + length
        let count = JournalFile.halfSize - length
        let punchHoleKeepingSize: Int32 = 0x02 | 0x01  // FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE
        if Syscall.call(Syscall.fallocate, Int(file.descriptor), Int(punchHoleKeepingSize), start, count) == 0 { return true }
        return write([UInt8](repeating: 0, count: count), half: half, at: length)
    }

    private func write(_ bytes: [UInt8], half: Int, at offset: Int) -> Bool {
        let position = off_t(JournalFile.halvesOffset + half * JournalFile.halfSize + offset)
        return bytes.withUnsafeBytes { pwrite(file.descriptor, $0.baseAddress, $0.count, position) } == bytes.count
    }

    private static func apply(_ record: JournalRecord, to modules: inout [KeptModule], _ work: inout [String?]) {
        switch record {
        case .cut(let depth):
            modules.removeSubrange(min(depth, modules.count)...)
            work.removeSubrange(min(depth, work.count)...)
        case .push(let module, let kept):
            modules.append(module)
            work.append(kept)
        case .work(let position, let kept):
            if position < work.count { work[position] = kept }
        case .time:
            break
        }
    }
}
