import Foundation
import ViperLoading

/// The journal's records that are not in its file yet: 64 KiB the supervisor maps
/// `MAP_SHARED | MAP_ANONYMOUS` with the journal, before it forks a worker, so a command's records
/// cost the worker a copy into memory instead of a `pwrite`. No descriptor reaches the mapping,
/// so plugin code cannot cut it short; it can write any byte of it, so the supervisor checks what
/// it lays over the file as it checks the file (bounds here, checksums in the replay).
///
/// Layout (integers little-endian, native width):
///
///     0   generation (UInt64) the records belong to
///     8   half (UInt64) they go in
///     16  position (UInt64): where in the half the first of them goes (high 32 bits) and how
///         many bytes of complete records follow (low 32 bits)
///     64  the records
///
/// Invariants:
/// - Only the worker writes, and only its main thread; the supervisor reads after the worker died.
/// - The position is stored in one aligned 8-byte write, after the bytes it counts were copied
///   (appending) or written to the file (flushing), and before the generation and half change
///   (starting over, with a count of zero): a worker that dies between any two stores leaves
///   bytes the reader either lays over the file in full, at their place, or not at all.
final class JournalTail {
    static let size = 65536
    static let recordsOffset = 64
    /// Bytes of records the tail holds.
    static let capacity = size - recordsOffset
    private static let generationOffset = 0
    private static let halfOffset = 8
    private static let positionOffset = 16

    private let base: UnsafeMutableRawPointer

    private init(base: UnsafeMutableRawPointer) {
        self.base = base
    }

    deinit {
        SharedMappings.remove(base)
        munmap(base, Self.size)
    }

    /// Maps a zeroed tail; nil when `mmap` fails.
    static func make() -> JournalTail? {
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        SharedMappings.add(mapped, length: size)
        return JournalTail(base: mapped)
    }

    /// Where in the half the tail's first record goes.
    var start: Int { Int(position >> 32) }
    /// Bytes of complete records held.
    var count: Int { Int(position & 0xFFFF_FFFF) }

    private var position: UInt64 {
        get { UInt64(littleEndian: base.load(fromByteOffset: Self.positionOffset, as: UInt64.self)) }
        set { base.storeBytes(of: newValue.littleEndian, toByteOffset: Self.positionOffset, as: UInt64.self) }
    }

    /// Empties the tail for records of `generation` in `half`, from `start` on.
    func startOver(generation: UInt64, half: Int, at start: Int) {
        position = UInt64(start) << 32
        base.storeBytes(of: generation.littleEndian, toByteOffset: Self.generationOffset, as: UInt64.self)
        base.storeBytes(of: UInt64(half).littleEndian, toByteOffset: Self.halfOffset, as: UInt64.self)
    }

    /// Appends `bytes` (whole records); false when they do not fit.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let held = count
        guard bytes.count <= Self.capacity - held else { return false }
        if let from = bytes.baseAddress { (base + Self.recordsOffset + held).copyMemory(from: from, byteCount: bytes.count) }
        position = UInt64(start) << 32 | UInt64(held + bytes.count)
        return true
    }

    func append(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Writes the held records to the file through `write(bytes, offset in the half)`; after it
    /// succeeded, the tail starts where they ended. False when the write failed (they stay held).
    func flush(_ write: (UnsafeRawBufferPointer, Int) -> Bool) -> Bool {
        let held = count, at = start
        guard held > 0 else { return true }
        guard write(UnsafeRawBufferPointer(start: base + Self.recordsOffset, count: held), at) else { return false }
        position = UInt64(at + held) << 32
        return true
    }

    /// In the supervisor, after the worker died: copies the held records into `half`'s bytes as
    /// read from the file, when they belong to that `half` and `generation` and fit; returns the
    /// offset their end reached (nil: nothing laid).
    func lay(over bytes: inout [UInt8], half: Int, generation: UInt64) -> Int? {
        let belongs =
            UInt64(littleEndian: base.load(fromByteOffset: Self.generationOffset, as: UInt64.self)) == generation
            && UInt64(littleEndian: base.load(fromByteOffset: Self.halfOffset, as: UInt64.self)) == UInt64(half)
        let at = start, held = count
        guard belongs, held > 0, held <= Self.capacity, at <= bytes.count, held <= bytes.count - at else { return nil }
        bytes.withUnsafeMutableBytes { target in
            guard let into = target.baseAddress else { return }
            (into + at).copyMemory(from: base + Self.recordsOffset, byteCount: held)
        }
        return at + held
    }
}
