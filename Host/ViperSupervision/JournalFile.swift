import Foundation
import ViperCore
import ViperLoading

/// A session's journal on disk, `sessions/PID.journal`, mapped into memory `MAP_SHARED`: the
/// supervisor makes and maps it before it forks the worker, the worker writes it after commands,
/// and what was written is in the file as soon as the store is done, whichever process dies next
/// (the kernel keeps the page; a crash of the whole machine is the one loss).
///
/// Two slots and a header, so a reader never sees half a journal: a write goes into the slot the
/// header does not name, then the header names it (its length, a checksum, the sequence number).
///
/// Layout: 0 magic "VPRJ", 8 sequence (UInt64: the slot is sequence & 1), 16 slot 0's length,
/// 24 its checksum, 32 slot 1's length, 40 its checksum; slots at 4 KiB and 4 KiB + half the rest.
package final class JournalFile {
    package static let size = 1 << 20
    private static let slotOffset = 4096
    private static let slotSize = (size - slotOffset) / 2
    private static let magic: UInt32 = 0x4A52_5056  // "VPRJ" little-endian
    package let path: String
    private let base: UnsafeMutableRawPointer

    private init(path: String, base: UnsafeMutableRawPointer) {
        self.path = path
        self.base = base
    }

    /// Makes (or empties) the file at `path` and maps it; nil when it cannot.
    package static func create(_ path: String) -> JournalFile? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0 else { return nil }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { return nil }
        mapped.storeBytes(of: magic, as: UInt32.self)
        return JournalFile(path: path, base: mapped)
    }

    /// The journal in the file at `path` (a session that ended badly), or nil.
    package static func read(_ path: String) -> SessionJournal? {
        guard let data = FileManager.default.contents(atPath: path), data.count == size else { return nil }
        return data.withUnsafeBytes { latest(in: $0) }
    }

    /// The journal written last, or nil when none was.
    package func read() -> SessionJournal? {
        Self.latest(in: UnsafeRawBufferPointer(start: base, count: Self.size))
    }

    /// Writes `journal` into the free slot, then names it; false when it does not fit.
    @discardableResult
    package func write(_ journal: SessionJournal) -> Bool {
        let bytes = journal.encoded()
        guard bytes.count <= Self.slotSize else { return false }
        let sequence = base.load(fromByteOffset: 8, as: UInt64.self) &+ 1
        let slot = Int(sequence & 1)
        let sum = bytes.withUnsafeBytes { source -> UInt64 in
            if let start = source.baseAddress {
                (base + Self.slotOffset + slot * Self.slotSize).copyMemory(from: start, byteCount: source.count)
            }
            return Self.checksum(source)
        }
        base.storeBytes(of: UInt64(bytes.count), toByteOffset: 16 + slot * 16, as: UInt64.self)
        base.storeBytes(of: sum, toByteOffset: 24 + slot * 16, as: UInt64.self)
        base.storeBytes(of: sequence, toByteOffset: 8, as: UInt64.self)
        return true
    }

    /// Unmaps it and removes the file (the session ended well).
    package func remove() {
        munmap(base, Self.size)
        unlink(path)
    }

    private static func latest(in bytes: UnsafeRawBufferPointer) -> SessionJournal? {
        guard bytes.count == size, bytes.load(as: UInt32.self) == magic else { return nil }
        let sequence = bytes.load(fromByteOffset: 8, as: UInt64.self)
        guard sequence > 0 else { return nil }
        let slot = Int(sequence & 1)
        let length = Int(bytes.load(fromByteOffset: 16 + slot * 16, as: UInt64.self))
        guard length <= slotSize else { return nil }
        let content = UnsafeRawBufferPointer(rebasing: bytes[(slotOffset + slot * slotSize)..<(slotOffset + slot * slotSize + length)])
        guard checksum(content) == bytes.load(fromByteOffset: 24 + slot * 16, as: UInt64.self) else { return nil }
        return SessionJournal.decode(content)
    }

    /// FNV-1a over `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
