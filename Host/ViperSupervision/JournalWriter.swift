import Foundation
import ViperCore
import ViperLoading

/// The worker's side of the journal: a command's records (``cut(depth:)``, ``push(_:fields:work:)``,
/// ``setWork(position:work:)``) framed into one buffer as they come and committed together by
/// ``finish(savedAt:)``, to the tail (or with one `pwrite` when there is no tail); the tail written
/// to the file by ``flush()``; and a mirror of what the journal holds (for the snapshot a full half
/// needs).
///
/// The mirror takes each record as it comes. A commit that fails (a session too large for a half,
/// a file that cannot be written) leaves the file as it was and makes the next commit a snapshot
/// of the mirror, so the file never holds changes on top of a state it did not get.
package final class JournalWriter {
    private let file: JournalFile
    /// The modules the journal holds, bottom first: the fields of their push records
    /// (``JournalRecord/fields(of:)``) and their unsaved work.
    private var modules: [HeldModule] = []
    private var half = 0
    private var generation: UInt64 = 0
    /// Where the next record goes in the active half.
    private(set) var offset = 0
    /// Whether the next commit writes a snapshot (a new worker, whose file still holds the last
    /// one's; or a failed commit).
    private var startsOver = true
    /// The time the journal holds, in whole seconds: a commit in the same second writes none.
    private var secondWritten: Int?
    /// The records of the command being kept, framed; kept between commands for its capacity.
    private var pending = RecordBuffer()

    private struct HeldModule {
        let fields: [UInt8]
        var work: String?
    }

    /// A writer that goes on from `head` (the file's, as the last worker left it), so its first
    /// snapshot goes to the half that is not active.
    init(file: JournalFile, head: (half: Int, generation: UInt64)?) {
        self.file = file
        if let head {
            half = head.half
            generation = head.generation
        }
    }

    /// How many modules the journal holds.
    package var depth: Int { modules.count }

    /// The work the journal holds for the module at `position`, or nil.
    package func work(at position: Int) -> String?? {
        position >= 0 && position < modules.count ? .some(modules[position].work) : .none
    }

    /// Modules from `depth` up left the stack.
    package func cut(depth: Int) {
        let depth = min(max(depth, 0), modules.count)
        // One at a time: a command takes one or two modules off, and `removeLast()` is the
        // cheapest way an array has to do it.
        while modules.count > depth { modules.removeLast() }
        JournalRecord.appendCut(depth: depth, to: &pending, generation: generation)
    }

    /// A module came on top (`fields`: its ``JournalRecord/fields(of:)``), with its unsaved work.
    package func push(fields: [UInt8], work kept: String?) {
        modules.append(HeldModule(fields: fields, work: kept))
        JournalRecord.appendPush(fields, work: kept, to: &pending, generation: generation)
    }

    /// The unsaved work of the module at `position` is now `kept` (nothing when there is none there).
    package func setWork(position: Int, work kept: String?) {
        guard position >= 0, position < modules.count else { return }
        modules[position].work = kept
        JournalRecord.appendWork(position: position, work: kept, to: &pending, generation: generation)
    }

    /// Commits the records given since the last commit, with the time (in whole seconds, when it
    /// moved); false when the journal does not fit even in a half of its own (or the file cannot
    /// be written), and the file then holds what it held.
    @discardableResult
    package func finish(savedAt: Double) -> Bool {
        defer { pending.removeAll() }
        let second = savedAt.isFinite && abs(savedAt) < 1e15 ? Int(savedAt.rounded(.down)) : 0
        guard startsOver else {
            if second != secondWritten { JournalRecord.appendTime(Double(second), to: &pending, generation: generation) }
            guard !pending.isEmpty else { return true }
            guard offset + pending.count + JournalFile.frameBefore <= JournalFile.halfSize else { return snapshot(second: second) }
            guard append(pending.bytes) else {
                startsOver = true
                return false
            }
            secondWritten = second
            offset += pending.count
            return true
        }
        return snapshot(second: second)
    }

    /// Commits `records` at once (``finish(savedAt:)``).
    @discardableResult
    func commit(_ records: [JournalRecord], savedAt: Double) -> Bool {
        for record in records {
            switch record {
            case .cut(let depth): cut(depth: depth)
            case .push(let module, let kept): push(fields: JournalRecord.fields(of: module), work: kept)
            case .work(let position, let kept): setWork(position: position, work: kept)
            case .time: break
            }
        }
        return finish(savedAt: savedAt)
    }

    /// The mirror as a snapshot in the other half, the rest of it zeroed, then the head naming it
    /// (rare: a new worker, a full half, or after a failed commit).
    private func snapshot(second: Int) -> Bool {
        let next = generation &+ 1
        var snapshot = RecordBuffer(capacity: 4096)
        for module in modules {
            JournalRecord.appendPush(module.fields, work: module.work, to: &snapshot, generation: next)
        }
        JournalRecord.appendTime(Double(second), to: &snapshot, generation: next)
        let length = snapshot.count
        guard length + JournalFile.frameBefore <= JournalFile.halfSize, write(snapshot.bytes, half: 1 - half, at: 0),
            zeroRest(of: 1 - half, after: length), file.writeHead(half: 1 - half, generation: next)
        else {
            startsOver = true
            return false
        }
        file.tail?.startOver(generation: next, half: 1 - half, at: length)
        half = 1 - half
        generation = next
        offset = length
        startsOver = false
        secondWritten = second
        return true
    }

    /// Appends `bytes` at ``offset``: to the tail, written to the file first when it is full.
    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
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
        return [UInt8](repeating: 0, count: count).withUnsafeBytes { write($0, half: half, at: length) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, half: Int, at offset: Int) -> Bool {
        let position = off_t(JournalFile.halvesOffset + half * JournalFile.halfSize + offset)
        return pwrite(file.descriptor, bytes.baseAddress, bytes.count, position) == bytes.count
    }
}
