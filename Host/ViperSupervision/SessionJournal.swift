import Foundation
import ViperCore
import ViperLoading

/// What a supervised session keeps after every command that changed something (issue 24): the
/// navigation stack, bottom first, and each module's unsaved work, so that a worker started after
/// a crash, or the next viper after both processes died, builds the same screen again.
///
/// It lives in a ``JournalFile`` (a file mapped into memory), in a small binary form: writing it
/// must cost a navigation command next to nothing (viper-bench's "journal on" row), which a JSON
/// file written and renamed per command did not (about as long as the command itself).
package struct SessionJournal: Equatable {
    /// The stack, bottom first.
    package var modules: [KeptModule]
    /// Unsaved work of the module at the same position (``RestorableModule``), nil where none.
    package var work: [String?]
    /// When it was written (seconds since 1970).
    package var savedAt: Double

    package init(modules: [KeptModule], work: [String?], savedAt: Double = Date().timeIntervalSince1970) {
        self.modules = modules
        self.work = work
        self.savedAt = savedAt
    }

    /// Whether `other` keeps the same stack and work (when each was written aside).
    package func keepsTheSame(as other: SessionJournal) -> Bool {
        modules == other.modules && work == other.work
    }

    /// Whether there is anything to give back.
    package var hasUnsavedWork: Bool { work.contains { $0 != nil } }

    /// The folder the journals are kept in.
    package static func folder(data: String) -> String { Paths.join(data, "sessions") }

    // MARK: Encoding

    /// Fields as (Int32 length, bytes), -1 for nil: the time, the count, then six per module.
    package func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + modules.count * 96)
        Self.append(String(savedAt), to: &bytes)
        Self.append(String(modules.count), to: &bytes)
        for (position, module) in modules.enumerated() {
            Self.append(module.path, to: &bytes)
            Self.append(module.contract, to: &bytes)
            Self.append(module.name, to: &bytes)
            Self.append(module.plugin, to: &bytes)
            Self.append(module.presented ? "p" : "s", to: &bytes)
            Self.append(position < work.count ? work[position] : nil, to: &bytes)
        }
        return bytes
    }

    /// The journal `bytes` encode, or nil when they are not one.
    package static func decode(_ bytes: UnsafeRawBufferPointer) -> SessionJournal? {
        var reader = FieldReader(bytes: bytes)
        guard let time = reader.next().flatMap({ $0 }).flatMap(Double.init),
            let count = reader.next().flatMap({ $0 }).flatMap(Int.init), count >= 0, count < 1_000_000
        else { return nil }
        var modules: [KeptModule] = []
        var work: [String?] = []
        for _ in 0..<count {
            guard let path = reader.next(), let contract = reader.next() ?? nil, let name = reader.next(),
                let plugin = reader.next() ?? nil, let placement = reader.next() ?? nil, let kept = reader.next()
            else { return nil }
            modules.append(KeptModule(path: path, contract: contract, name: name, plugin: plugin, presented: placement == "p"))
            work.append(kept)
        }
        return SessionJournal(modules: modules, work: work, savedAt: time)
    }

    private static func append(_ field: String?, to bytes: inout [UInt8]) {
        guard var field else {
            withUnsafeBytes(of: Int32(-1)) { bytes += $0 }
            return
        }
        field.withUTF8 { utf8 in
            withUnsafeBytes(of: Int32(utf8.count)) { bytes += $0 }
            bytes += utf8
        }
    }

    /// Reads (length, bytes) fields; a field past the end is a failure (nil), a null field is `.some(nil)`.
    private struct FieldReader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func next() -> String?? {
            guard offset + 4 <= bytes.count else { return nil }
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
            offset += 4
            if length == -1 { return .some(nil) }
            guard length >= 0, offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return .some(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self))
        }
    }
}
