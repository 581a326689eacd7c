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
        switch self {
        case .cut(let depth): Self.appendCut(depth: depth, to: &bytes, generation: generation)
        case .push(let module, let work): Self.appendPush(Self.fields(of: module), work: work, to: &bytes, generation: generation)
        case .work(let position, let work): Self.appendWork(position: position, work: work, to: &bytes, generation: generation)
        case .time(let seconds): Self.appendTime(seconds, to: &bytes, generation: generation)
        }
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

    static func appendCut(depth: Int, to bytes: inout [UInt8], generation: UInt64) {
        let frame = open(kind: 1, in: &bytes)
        appendNumber(depth, to: &bytes)
        close(frame, kind: 1, in: &bytes, generation: generation)
    }

    /// A push of the module whose ``fields(of:)`` are `fields`, with its unsaved work.
    static func appendPush(_ fields: [UInt8], work: String?, to bytes: inout [UInt8], generation: UInt64) {
        let frame = open(kind: 2, in: &bytes)
        bytes += fields
        SessionJournal.append(work, to: &bytes)
        close(frame, kind: 2, in: &bytes, generation: generation)
    }

    static func appendWork(position: Int, work: String?, to bytes: inout [UInt8], generation: UInt64) {
        let frame = open(kind: 3, in: &bytes)
        appendNumber(position, to: &bytes)
        SessionJournal.append(work, to: &bytes)
        close(frame, kind: 3, in: &bytes, generation: generation)
    }

    static func appendTime(_ seconds: Double, to bytes: inout [UInt8], generation: UInt64) {
        let frame = open(kind: 4, in: &bytes)
        // Whole seconds are written as an integer (cheaper to format; read back as a Double).
        SessionJournal.append(seconds == seconds.rounded(.down) && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds), to: &bytes)
        close(frame, kind: 4, in: &bytes, generation: generation)
    }

    private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(clamping: number).littleEndian) { bytes += $0 }
    }

    /// Starts a record of `kind` at the end of `bytes` (its length is stored by ``close``);
    /// returns where its frame starts.
    private static func open(kind: UInt8, in bytes: inout [UInt8]) -> Int {
        let frame = bytes.count
        bytes.append(0)  // the length, stored by close
        bytes.append(0)
        bytes.append(0)
        bytes.append(0)
        bytes.append(kind)
        return frame
    }

    /// Ends the record whose frame starts at `frame`: its length, then its checksum.
    private static func close(_ frame: Int, kind: UInt8, in bytes: inout [UInt8], generation: UInt64) {
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
