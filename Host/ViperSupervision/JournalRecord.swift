import Foundation
import ViperCore

/// The kinds of record, and their payloads: a depth or a position is a UInt32 (little-endian),
/// text is fields as in ``SessionJournal/append(_:to:)``.
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

    /// Appends the record of `generation`, framed and summed, to `bytes`.
    func append(to bytes: inout [UInt8], generation: UInt64) {
        var buffer = RecordBuffer()
        switch self {
        case .cut(let depth): Self.appendCut(depth: depth, to: &buffer, generation: generation)
        case .push(let module, let work): Self.appendPush(Self.fields(of: module), work: work, to: &buffer, generation: generation)
        case .work(let position, let work): Self.appendWork(position: position, work: work, to: &buffer, generation: generation)
        case .time(let seconds): Self.appendTime(seconds, to: &buffer, generation: generation)
        }
        bytes += buffer.bytes
    }

    /// A module's fields as a push record holds them before its work: path, contract, name,
    /// plugin and placement (a keeper makes them once per kind of module).
    static func fields(of module: KeptModule) -> [UInt8] {
        var bytes: [UInt8] = []
        SessionJournal.append(module.path, to: &bytes)
        SessionJournal.append(module.contract, to: &bytes)
        SessionJournal.append(module.name, to: &bytes)
        SessionJournal.append(module.plugin, to: &bytes)
        SessionJournal.append(module.presented ? "p" : "s", to: &bytes)
        return bytes
    }

    static func appendCut(depth: Int, to buffer: inout RecordBuffer, generation: UInt64) {
        let frame = buffer.open(kind: 1)
        buffer.append(UInt32(clamping: depth))
        buffer.close(frame, kind: 1, generation: generation)
    }

    /// A push of the module whose ``fields(of:)`` are `fields`, with its unsaved work.
    static func appendPush(_ fields: [UInt8], work: String?, to buffer: inout RecordBuffer, generation: UInt64) {
        let frame = buffer.open(kind: 2)
        fields.withUnsafeBytes { buffer.append($0) }
        buffer.appendField(work)
        buffer.close(frame, kind: 2, generation: generation)
    }

    static func appendWork(position: Int, work: String?, to buffer: inout RecordBuffer, generation: UInt64) {
        let frame = buffer.open(kind: 3)
        buffer.append(UInt32(clamping: position))
        buffer.appendField(work)
        buffer.close(frame, kind: 3, generation: generation)
    }

    static func appendTime(_ seconds: Double, to buffer: inout RecordBuffer, generation: UInt64) {
        let frame = buffer.open(kind: 4)
        // Whole seconds are written as an integer (cheaper to format; read back as a Double).
        buffer.appendField(seconds == seconds.rounded(.down) && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds))
        buffer.close(frame, kind: 4, generation: generation)
    }
}

/// Records being framed: bytes in memory of the buffer's own, written with plain stores and grown
/// (doubled) only when a record does not fit. The writer keeps one between commands, so a command's
/// records cost no allocation and none of an array's per-append checks. The bytes are those
/// ``SessionJournal/append(_:to:)`` and the frame (``JournalFile/frameBefore``, ``JournalFile/frameAfter``)
/// describe; ``JournalReplay`` reads them back.
struct RecordBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// Bytes written.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes written, valid until the next change.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Forgets the bytes and keeps the memory.
    mutating func removeAll() { count = 0 }

    /// Starts a record of `kind` (its length is stored by ``close(_:kind:generation:)``); returns
    /// where its frame starts.
    mutating func open(kind: UInt8) -> Int {
        let frame = count
        reserve(JournalFile.frameBefore)
        base.storeBytes(of: UInt32(0), toByteOffset: count, as: UInt32.self)
        base.storeBytes(of: kind, toByteOffset: count + 4, as: UInt8.self)
        count += JournalFile.frameBefore
        return frame
    }

    /// Ends the record whose frame starts at `frame`: its length, then its checksum.
    mutating func close(_ frame: Int, kind: UInt8, generation: UInt64) {
        let start = frame + JournalFile.frameBefore
        base.storeBytes(of: UInt32(count - start).littleEndian, toByteOffset: frame, as: UInt32.self)
        let sum = JournalFile.checksum(generation: generation, kind: kind, payload: UnsafeRawBufferPointer(start: base + start, count: count - start))
        reserve(JournalFile.frameAfter)
        base.storeBytes(of: sum.littleEndian, toByteOffset: count, as: UInt64.self)
        count += JournalFile.frameAfter
    }

    /// A depth or a position: four bytes, little-endian.
    mutating func append(_ number: UInt32) {
        reserve(4)
        base.storeBytes(of: number.littleEndian, toByteOffset: count, as: UInt32.self)
        count += 4
    }

    /// A text field as ``SessionJournal/append(_:to:)`` writes it: its length (-1: none), its UTF-8.
    mutating func appendField(_ field: String?) {
        guard var field else {
            reserve(4)
            base.storeBytes(of: Int32(-1), toByteOffset: count, as: Int32.self)
            count += 4
            return
        }
        field.withUTF8 { utf8 in
            reserve(4 + utf8.count)
            base.storeBytes(of: Int32(utf8.count), toByteOffset: count, as: Int32.self)
            count += 4
            append(UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func append(_ source: UnsafeRawBufferPointer) {
        guard let from = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (base + count).copyMemory(from: from, byteCount: source.count)
        count += source.count
    }

    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var grown = capacity * 2
        while grown < count + more { grown *= 2 }
        let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
        moved.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = moved
        capacity = grown
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
        let number = payload.count >= 4 ? Int(UInt32(littleEndian: payload.loadUnaligned(as: UInt32.self))) : -1
        switch kind {
        case 1:
            guard payload.count == 4, number <= modules.count else { return "cuts the stack at a depth it does not have" }
            let depth = number
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
            reader.offset = 4
            guard number >= 0, number < work.count, let kept = reader.next() else { return "gives work to a module that is not on the stack" }
            work[number] = kept
        case 4:
            guard let time = reader.next().flatMap({ $0 }).flatMap(Double.init), time.isFinite else { return "has no time" }
            savedAt = time
        default:
            return "is of an unknown kind (\(kind))"
        }
        return nil
    }
}
