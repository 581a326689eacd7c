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
/// A half holds records, each `length (UInt32) · kind (UInt8) · payload (length bytes) · checksum
/// of the generation, kind and payload (UInt64)`, then zeros (JournalRecord.swift). A record is
/// committed when the tail counts it or a `pwrite` wrote it; a reader replays records until the
/// zeros. When the active half is
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
    package static let formatVersion: UInt32 = 3
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

    /// The journal in the file at `path` (a session that ended badly); no link is followed, and a
    /// FIFO or any other kind of file is not read (an open of a FIFO would wait for a writer).
    package static func read(_ path: String) -> JournalReading {
        let descriptor = open(path, DataFolderGuard.readFlags)
        guard descriptor >= 0 else { return JournalReading(journal: nil, damage: "it cannot be opened (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return JournalReading(journal: nil, damage: "it is not a regular file")
        }
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

    /// The checksum of a record of `kind` with `payload` in `generation`: eight bytes at a time,
    /// each mixed in with a multiply and a shift, the last few padded with zeros, the length
    /// mixed in first (damage that only moves zeros still changes it).
    static func checksum(generation: UInt64, kind: UInt8, payload: UnsafeRawBufferPointer) -> UInt64 {
        var hash = mix(generation ^ (UInt64(kind) << 56) ^ (UInt64(payload.count) &* 0x9E37_79B9_7F4A_7C15))
        var offset = 0
        while offset + 8 <= payload.count {
            hash = mix(hash ^ UInt64(littleEndian: payload.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var last: UInt64 = 0, shift: UInt64 = 0
        while offset < payload.count {
            last |= UInt64(payload[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(hash ^ last)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let mixed = (value ^ (value >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 29)
    }
}

/// What reading a journal found: the journal replayed (nil: none was written, or nothing of it
/// could be read), and the damage that stopped the reading, as words for a line (nil: none).
package struct JournalReading {
    package var journal: SessionJournal?
    package var damage: String?
}
