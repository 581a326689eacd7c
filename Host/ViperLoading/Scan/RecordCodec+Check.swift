import Contracts
import Foundation

extension RecordCodec {
    /// The fields of one line in order, read from its raw bytes with the rules of ``Reader``
    /// (the same escapes, `\N`, numbers and counts); nil where the reader would throw. The kept
    /// graph's file reads its route owners' lines with it (the descriptor cache is a binary index).
    /// Valid only while the bytes it points to are.
    package struct FieldCursor {
        /// A field's bytes (offsets into the line), and whether it holds a backslash (else it is
        /// neither `\N` nor escaped: most fields of most lines).
        package struct Field {
            package let range: Range<Int>
            package let escaped: Bool
        }

        private let base: UnsafePointer<UInt8>
        private let length: Int
        /// Where the next field starts.
        package private(set) var position = 0
        /// Whether the last field was read.
        package private(set) var isAtEnd = false

        package init(_ base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            length = count
        }

        /// The bytes of `word` that are zero, as their high bits; the lowest set bit is exact.
        @inline(__always) private static func zeroBytes(_ word: UInt64) -> UInt64 {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        }

        /// The next field, or nil after the last: eight bytes at a time, looking for a tab and a backslash at once.
        package mutating func next() -> Field? {
            guard !isAtEnd else { return nil }
            let start = position
            var index = start
            var escaped = false
            let raw = UnsafeRawPointer(base)
            var found = false
            while index + 8 <= length {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let tabs = Self.zeroBytes(word ^ 0x0909_0909_0909_0909)
                let slashes = Self.zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                if tabs != 0 {
                    let tab = tabs.trailingZeroBitCount
                    if slashes != 0, slashes.trailingZeroBitCount < tab { escaped = true }
                    index += tab >> 3
                    found = true
                    break
                }
                if slashes != 0 { escaped = true }
                index += 8
            }
            if !found {
                while index < length {
                    let byte = base[index]
                    if byte == 0x09 { break }
                    if byte == 0x5C { escaped = true }
                    index += 1
                }
            }
            if index >= length { isAtEnd = true } else { position = index + 1 }
            return Field(range: start..<index, escaped: escaped)
        }

        package func matches(_ field: Field, _ literal: StaticString) -> Bool {
            field.range.count == literal.utf8CodeUnitCount && memcmp(base + field.range.lowerBound, literal.utf8Start, field.range.count) == 0
        }

        private func isNil(_ field: Field) -> Bool {
            field.escaped && field.range.count == 2 && base[field.range.lowerBound] == 0x5C && base[field.range.lowerBound + 1] == 0x4E
        }

        private func string(_ field: Field) -> String? {
            let bytes = UnsafeBufferPointer(start: base + field.range.lowerBound, count: field.range.count)
            guard field.escaped else { return String(decoding: bytes, as: UTF8.self) }
            return try? RecordCodec.unescape(ArraySlice(bytes))
        }

        /// A text field: nil when it is missing, `\N`, or badly escaped.
        package mutating func text() -> String? {
            guard let field = next(), !isNil(field) else { return nil }
            return string(field)
        }
    }
}
