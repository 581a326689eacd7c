import Foundation
import ViperCore
import ViperLoading

/// What a supervised session keeps after every command that changed something: the
/// navigation stack, bottom first, and each module's unsaved work, so that a worker started after
/// a crash, or the next viper after both processes died, builds the same screen again.
///
/// It lives in a ``JournalFile`` as a log of changes (``JournalRecord``) in a small binary form:
/// writing it must cost a navigation command next to nothing, whatever the stack's depth
/// (viper-bench's "journal on" row).
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

    // MARK: Fields

    /// Appends a field as (Int32 length, bytes), -1 for nil: the journal's records are made of them.
    static func append(_ field: String?, to bytes: inout [UInt8]) {
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
    struct FieldReader {
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
