import Foundation
import ViperCore
import ViperLoading

/// A session's journal on disk, `sessions/PID.journal`: a log of what changed on the stack, so a
/// worker started after a crash, or the next viper after both processes died, builds the same
/// screen again with its unsaved work.
///
/// Who touches it, and how:
/// - The supervisor makes the file (through the data folder's rule: no link followed, a new file
///   made with `O_EXCL`, mode 0600) and keeps its descriptor; the worker inherits it. Neither maps
///   it: both use `pread`/`pwrite`, so a worker that cuts the file short (`ftruncate` from plugin
///   code) makes a short read or a hole, never a SIGBUS in either process.
/// - The worker appends records (``JournalWriter``) to the file's tail (``JournalTail``), memory
///   shared with the supervisor that no file descriptor reaches, so a command costs no system
///   call; it writes the tail to the file with one `pwrite` when the tail is full and whenever it
///   is about to wait for input (at a terminal: after every command). After the worker died, the
///   supervisor reads the file and lays the tail over it; after both processes died, the next
///   start reads the file alone, which holds everything up to the last wait for input. What was
///   written is in the kernel's page cache whichever process dies next; a crash of the whole
///   machine is the one loss.
///
/// Format (one version, ``formatVersion``; integers little-endian):
///
///     0   magic "VPRJ" (UInt32)        4   format version (UInt32)
///     8   head (UInt64): the active half in the top bit, its generation below
///     4096                half 0       4096 + halfSize   half 1
///
/// A half holds records, each `length (UInt32) · kind (UInt8) · payload (length bytes) · FNV-1a
/// of the generation, kind and payload (UInt64)`, then zeros. A record is committed by the one
/// `pwrite` that appends it; a reader replays records until the zeros. When the active half is
/// full (and in each new worker), the writer puts a snapshot of the whole journal in the other
/// half, zeros the rest of it (a hole punched, where the file system can), and then writes the
/// head with the next generation: records of an
/// earlier generation left in that half can never be mistaken for new ones. A command therefore
/// writes what changed (a push, a cut, the top's work), not the whole stack: its cost does not
/// grow with the stack's depth.
///
/// Invariants:
/// - The reader believes nothing: every length is checked against what was read, every record
///   against its checksum, every position against the stack replayed so far; it keeps what it
///   replayed before the first bad byte and names the damage in one line. Bytes after the end of
///   the log that are not zeros are damage too (records lost to a hole or overwritten).
/// - The writer's mirror is what the file and the tail hold together.
/// - The tail holds records that follow, in the active half, the last byte written to the file:
///   its position word says where they go and how many bytes are complete, and is stored in one
///   8-byte write after the bytes it counts, so a worker that dies at any point leaves a tail
///   that is either counted in full or not at all.
package final class JournalFile {
    /// The version of the format above; a file of another version is not read.
    package static let formatVersion: UInt32 = 2
    package static let size = 1 << 20
    static let halvesOffset = 4096
    static let halfSize = (size - halvesOffset) / 2
    static let magic: UInt32 = 0x4A52_5056  // "VPRJ" little-endian
    static let headOffset = 8
    static let activeBit: UInt64 = 1 << 63
    /// A record's frame: its length and kind before the payload, its checksum after.
    static let frameBefore = 5
    static let frameAfter = 8

    package let path: String
    let descriptor: Int32
    /// The records not yet in the file; nil when it could not be mapped (each commit is then written at once).
    let tail: JournalTail?

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
        tail = JournalTail.make()
    }

    deinit { close(descriptor) }

    /// Makes the file at `path` afresh (a stale one, or a link put there, is removed first, never
    /// followed); nil when it cannot.
    package static func create(_ path: String) -> JournalFile? {
        let descriptor = DataFolderGuard.makeFresh(path, readable: true)
        guard descriptor >= 0 else { return nil }
        let file = JournalFile(path: path, descriptor: descriptor)
        guard ftruncate(descriptor, off_t(size)) == 0, file.writeHead(half: 0, generation: 0) else {
            unlink(path)
            return nil
        }
        return file
    }

    /// Writes the header: magic, version, and the head naming `half` and its `generation`.
    func writeHead(half: Int, generation: UInt64) -> Bool {
        var header = [UInt8](repeating: 0, count: 16)
        let head = (generation & ~Self.activeBit) | (half == 0 ? 0 : Self.activeBit)
        header.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: Self.magic.littleEndian, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: Self.formatVersion.littleEndian, toByteOffset: 4, as: UInt32.self)
            raw.storeBytes(of: head.littleEndian, toByteOffset: Self.headOffset, as: UInt64.self)
        }
        return header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 16, 0) } == 16
    }

    /// The writer for a worker (this process's descriptor, inherited across `fork`).
    package func writerInWorker() -> JournalWriter {
        JournalWriter(file: self, head: Self.head(descriptor: descriptor))
    }

    /// The journal as the file and the tail hold it now (the worker is gone), read with `pread`.
    package func read() -> JournalReading {
        Self.read(descriptor: descriptor, tail: tail)
    }

    /// The journal in the file at `path` (a session that ended badly); no link is followed.
    package static func read(_ path: String) -> JournalReading {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return JournalReading(journal: nil, damage: "it cannot be opened (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// Removes the file (the session ended well).
    package func remove() {
        unlink(path)
    }

    /// The head: the active half and its generation; nil with the damage when the header is not one.
    static func head(descriptor: Int32) -> (half: Int, generation: UInt64)? {
        var header = [UInt8](repeating: 0, count: 16)
        guard header.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, 16, 0) }) == 16 else { return nil }
        return header.withUnsafeBytes { raw in
            let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: headOffset, as: UInt64.self))
            return (head & activeBit == 0 ? 0 : 1, head & ~activeBit)
        }
    }

    private static func read(descriptor: Int32, tail: JournalTail? = nil) -> JournalReading {
        var header = [UInt8](repeating: 0, count: 16)
        let got = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, 0) }
        guard got == 16 else { return JournalReading(journal: nil, damage: got < 0 ? "it cannot be read" : "it was cut short") }
        let (magic, version) = header.withUnsafeBytes { raw in
            (
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self)),
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            )
        }
        guard magic == Self.magic else { return JournalReading(journal: nil, damage: "it is not a journal (its first bytes were overwritten)") }
        guard version == formatVersion else {
            return JournalReading(journal: nil, damage: "it is of format \(version), this viper reads \(formatVersion)")
        }
        guard let (half, generation) = head(descriptor: descriptor) else { return JournalReading(journal: nil, damage: "it was cut short") }
        var bytes = [UInt8](repeating: 0, count: halfSize)
        let fromFile = max(bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, halfSize, off_t(halvesOffset + half * halfSize)) }, 0)
        let count = max(fromFile, tail?.lay(over: &bytes, half: half, generation: generation) ?? 0)
        var replay = JournalReplay(generation: generation)
        bytes.withUnsafeBytes { replay.apply(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        var damage = replay.damage
        if damage == nil, fromFile < halfSize { damage = "it was cut short" }
        if damage == nil, replay.end < count, bytes[replay.end..<count].contains(where: { $0 != 0 }) {
            damage = "records after the \(replay.records)th were erased or overwritten"
        }
        return JournalReading(journal: replay.journal, damage: damage)
    }

    /// FNV-1a over `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The checksum of a record of `kind` with `payload` in `generation`.
    static func checksum(generation: UInt64, kind: UInt8, payload: UnsafeRawBufferPointer) -> UInt64 {
        var seed = withUnsafeBytes(of: generation.littleEndian) { checksum($0) }
        seed = withUnsafeBytes(of: kind) { checksum($0, seed: seed) }
        return checksum(payload, seed: seed)
    }
}

/// What reading a journal found: the journal replayed (nil: none was written, or nothing of it
/// could be read), and the damage that stopped the reading, as words for a line (nil: none).
package struct JournalReading {
    package var journal: SessionJournal?
    package var damage: String?
}

/// The kinds of record, and their payloads (fields as in ``SessionJournal/append(_:to:)``).
enum JournalRecord {
    /// Modules from `depth` up left the stack.
    case cut(depth: Int)
    /// A module came on top, with its unsaved work.
    case push(KeptModule, work: String?)
    /// The unsaved work of the module at `position` is now `work`.
    case work(position: Int, work: String?)
    /// When the change was made (seconds since 1970).
    case time(Double)

    var kind: UInt8 {
        switch self {
        case .cut: 1
        case .push: 2
        case .work: 3
        case .time: 4
        }
    }

    /// Appends the record of `generation`, framed and summed, to `bytes` (in place: a command's
    /// records cost no buffer of their own).
    func append(to bytes: inout [UInt8], generation: UInt64) {
        let frame = bytes.count
        bytes += [0, 0, 0, 0, kind]
        switch self {
        case .cut(let depth):
            SessionJournal.append(String(depth), to: &bytes)
        case .push(let module, let work):
            SessionJournal.append(module.path, to: &bytes)
            SessionJournal.append(module.contract, to: &bytes)
            SessionJournal.append(module.name, to: &bytes)
            SessionJournal.append(module.plugin, to: &bytes)
            SessionJournal.append(module.presented ? "p" : "s", to: &bytes)
            SessionJournal.append(work, to: &bytes)
        case .work(let position, let work):
            SessionJournal.append(String(position), to: &bytes)
            SessionJournal.append(work, to: &bytes)
        case .time(let seconds):
            SessionJournal.append(String(seconds), to: &bytes)
        }
        let start = frame + JournalFile.frameBefore
        let length = UInt32(bytes.count - start)
        let sum = bytes.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: length.littleEndian, toByteOffset: frame, as: UInt32.self)
            return JournalFile.checksum(generation: generation, kind: kind, payload: UnsafeRawBufferPointer(rebasing: raw[start...]))
        }
        withUnsafeBytes(of: sum.littleEndian) { bytes += $0 }
    }
}

/// Replays the records of one generation onto a journal, checking each; stops at the end of the
/// log (a zero length and kind) or at the first record that is damaged.
struct JournalReplay {
    let generation: UInt64
    private(set) var modules: [KeptModule] = []
    private(set) var work: [String?] = []
    private(set) var savedAt: Double = 0
    private(set) var records = 0
    /// Where the log ended (the offset of the first byte not replayed).
    private(set) var end = 0
    private(set) var damage: String?

    init(generation: UInt64) {
        self.generation = generation
    }

    /// The journal replayed so far, or nil when no record was.
    var journal: SessionJournal? {
        records == 0 ? nil : SessionJournal(modules: modules, work: work, savedAt: savedAt)
    }

    /// Applies the records of `bytes` up to the end of the log or the first damage.
    mutating func apply(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + JournalFile.frameBefore <= bytes.count {
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            let kind = bytes[offset + 4]
            if length == 0, kind == 0 { break }  // the end of the log
            guard length <= bytes.count - offset - JournalFile.frameBefore - JournalFile.frameAfter else {
                damage = "record \(records + 1) runs past the end of the file"
                break
            }
            let start = offset + JournalFile.frameBefore
            let payload = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
            let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start + length, as: UInt64.self))
            guard JournalFile.checksum(generation: generation, kind: kind, payload: payload) == stored else {
                damage = "record \(records + 1) does not match its checksum"
                break
            }
            if let problem = apply(kind: kind, payload) {
                damage = "record \(records + 1) \(problem)"
                break
            }
            records += 1
            offset = start + length + JournalFile.frameAfter
        }
        end = offset
    }

    /// Applies one record; returns what is wrong with it, or nil.
    private mutating func apply(kind: UInt8, _ payload: UnsafeRawBufferPointer) -> String? {
        var reader = SessionJournal.FieldReader(bytes: payload)
        switch kind {
        case 1:
            guard let depth = reader.next().flatMap({ $0 }).flatMap(Int.init), depth >= 0, depth <= modules.count else {
                return "cuts the stack at a depth it does not have"
            }
            modules.removeSubrange(depth...)
            work.removeSubrange(depth...)
        case 2:
            guard let path = reader.next(), let contract = reader.next() ?? nil, let name = reader.next(),
                let plugin = reader.next() ?? nil, let placement = reader.next() ?? nil, let kept = reader.next()
            else { return "is a module without its fields" }
            guard modules.count < 100_000 else { return "would put more than 100,000 modules on the stack" }
            modules.append(KeptModule(path: path, contract: contract, name: name, plugin: plugin, presented: placement == "p"))
            work.append(kept)
        case 3:
            guard let position = reader.next().flatMap({ $0 }).flatMap(Int.init), position >= 0, position < work.count,
                let kept = reader.next()
            else { return "gives work to a module that is not on the stack" }
            work[position] = kept
        case 4:
            guard let time = reader.next().flatMap({ $0 }).flatMap(Double.init), time.isFinite else { return "has no time" }
            savedAt = time
        default:
            return "is of an unknown kind (\(kind))"
        }
        return nil
    }
}

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

    /// Appends `records` and the time; false when they do not fit even in a half of their own
    /// (or the file cannot be written), and the file then holds what it held.
    @discardableResult
    func commit(_ records: [JournalRecord], savedAt: Double) -> Bool {
        if !startsOver {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256)
            for record in records { record.append(to: &bytes, generation: generation) }
            JournalRecord.time(savedAt).append(to: &bytes, generation: generation)
            if offset + bytes.count + JournalFile.frameBefore <= JournalFile.halfSize {
                guard append(bytes) else { return false }
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
        JournalRecord.time(savedAt).append(to: &snapshot, generation: next)
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
