import Contracts
import Foundation

extension RecordCodec {
    /// Reads one cache line as ``decode(_:lazily:)`` with `lazily` did, but straight from raw bytes
    /// and without a `Reader`: each field is found with one pass over its bytes, a field is checked
    /// where it stands, and a String is made only for the path, the plugin's name and the rare text
    /// fields a warm start shows (a failure's message, a code, a digest). Nil for any line
    /// ``decode(bytes:)`` refuses (RecordCodecCheckTests compares the two on damaged lines).
    ///
    /// `line` is `storage[range]`, already known to be UTF-8; the result keeps `storage`.
    package static func decodeCached(_ line: UnsafeBufferPointer<UInt8>, storage: [UInt8], range: Range<Int>) -> ScanResult? {
        guard let base = line.baseAddress else { return nil }
        var cursor = FieldCursor(base, count: line.count)
        guard let tag = cursor.next(), cursor.matches(tag, "R"),
              let path = cursor.text(),
              let size = cursor.signed(), let modified = cursor.signed(),
              let inode = cursor.unsigned(), let device = cursor.unsigned(), let changed = cursor.signed(),
              let code = cursor.optionalText(), let sha256 = cursor.optionalText(),
              let kind = cursor.next() else { return nil }
        var failureCode: PluginLoadError.Code?
        if let raw = code {
            guard let known = PluginLoadError.Code(rawValue: raw) else { return nil }
            failureCode = known
        }
        let outcome: ScanResult.Outcome
        if cursor.matches(kind, "ok") {
            let start = cursor.position
            guard let name = skimDescriptor(&cursor) else { return nil }
            outcome = .ok(ScannedDescriptor(name: name, line: RecordLine(storage, (range.lowerBound + start)..<range.upperBound)))
        } else if cursor.matches(kind, "failed"), let message = cursor.text() {
            outcome = .failed(message)
        } else if cursor.matches(kind, "broken"), let message = cursor.text() {
            outcome = .broken(message)
        } else {
            return nil
        }
        guard cursor.isAtEnd else { return nil }
        let stamp = FileStamp(path: path, size: size, modifiedNanoseconds: modified, inode: inode, device: device, changedNanoseconds: changed)
        return ScanResult(stamp: stamp, outcome: outcome, code: failureCode, sha256: sha256, line: RecordLine(storage, range))
    }

    /// Checks the descriptor fields as ``decodeDescriptor(_:)`` reads them (so it cannot fail on
    /// them afterwards), making only the plugin's name; nil when one is not what it reads.
    private static func skimDescriptor(_ cursor: inout FieldCursor) -> String? {
        guard let plugin = cursor.text(), cursor.skipText(), cursor.skipText(),  // version, summary
              cursor.signed() != nil, cursor.signed() != nil,
              cursor.skipCompilerVersion(), let provisions = cursor.count() else { return nil }
        for _ in 0..<provisions {
            guard cursor.skipKind({ $0.matches($1, "service") || $0.matches($1, "module") || $0.matches($1, "adapter") || $0.matches($1, "interceptor") },
                                  else: { Provision.Kind(rawValue: $0) != nil }),
                  cursor.skipText(), cursor.skipOptionalText(), cursor.skipOptionalText(), cursor.skipText(),  // contract, name, pattern, summary
                  let queries = cursor.count() else { return nil }
            for _ in 0..<queries where !cursor.skipText() { return nil }
            guard cursor.skipOptionalText(), let requirements = cursor.count() else { return nil }  // adapted from
            for _ in 0..<requirements {
                guard cursor.skipKind({ $0.matches($1, "service") || $0.matches($1, "module") }, else: { Requirement.Kind(rawValue: $0) != nil }),
                      cursor.skipText(), cursor.skipOptionalText() else { return nil }
            }
        }
        guard let libraries = cursor.count() else { return nil }
        for _ in 0..<libraries {
            guard cursor.skipText(), cursor.signed() != nil, cursor.signed() != nil else { return nil }
        }
        return plugin
    }

    /// The fields of one line in order, read from its raw bytes with the rules of ``Reader``
    /// (the same escapes, `\N`, numbers and counts); nil where the reader would throw.
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

        /// Whether the field's escapes are those ``RecordCodec/unescape(_:)`` reads.
        private func escapesAreValid(_ field: Field) -> Bool {
            guard field.escaped else { return true }
            var index = field.range.lowerBound
            while index < field.range.upperBound {
                if base[index] == 0x5C {
                    guard index + 1 < field.range.upperBound else { return false }
                    switch base[index + 1] {
                    case 0x5C, 0x74, 0x6E, 0x72: index += 2
                    default: return false
                    }
                } else {
                    index += 1
                }
            }
            return true
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

        /// An optional text field: `.some(nil)` for `\N`, nil when it is missing or badly escaped.
        package mutating func optionalText() -> String?? {
            guard let field = next() else { return nil }
            if isNil(field) { return .some(nil) }
            return string(field).map { .some($0) }
        }

        package mutating func skipText() -> Bool {
            guard let field = next(), !isNil(field) else { return false }
            return escapesAreValid(field)
        }

        package mutating func skipOptionalText() -> Bool {
            guard let field = next() else { return false }
            return isNil(field) || escapesAreValid(field)
        }

        /// A signed number field, read as ``Reader`` reads one (a leading minus, digits, no overflow).
        package mutating func signed() -> Int64? {
            guard let field = next() else { return nil }
            let negative = field.range.count > 0 && base[field.range.lowerBound] == 0x2D
            guard let magnitude = digits((field.range.lowerBound + (negative ? 1 : 0))..<field.range.upperBound) else { return nil }
            guard negative else { return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil }
            guard magnitude > 0 else { return 0 }
            guard magnitude - 1 <= UInt64(Int64.max) else { return nil }
            return 0 - Int64(magnitude - 1) - 1
        }

        /// An unsigned number field.
        package mutating func unsigned() -> UInt64? {
            guard let field = next() else { return nil }
            return digits(field.range)
        }

        /// One or more decimal digits that fit 64 bits, else nil. Up to 19 digits cannot overflow:
        /// they are read eight at a time without checks (a stamp's times have 19).
        private func digits(_ range: Range<Int>) -> UInt64? {
            guard !range.isEmpty else { return nil }
            var magnitude: UInt64 = 0
            var index = range.lowerBound
            guard range.count <= 19 else {
                for index in range {
                    let digit = base[index] &- 0x30
                    guard digit < 10 else { return nil }
                    let (shifted, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
                    let (next, overflowB) = shifted.addingReportingOverflow(UInt64(digit))
                    guard !overflowA, !overflowB else { return nil }
                    magnitude = next
                }
                return magnitude
            }
            let raw = UnsafeRawPointer(base)
            while range.upperBound - index >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // Every byte 0x30...0x39: its high half is 3, and still 3 after adding 6.
                guard word & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
                      (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030 else { return nil }
                var value = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8  // pairs of digits
                value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16  // groups of four
                value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32  // all eight
                magnitude = magnitude &* 100_000_000 &+ value
                index += 8
            }
            while index < range.upperBound {
                let digit = base[index] &- 0x30
                guard digit < 10 else { return nil }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                index += 1
            }
            return magnitude
        }

        /// A count of items that follow, bounded as ``Reader/count()`` bounds it.
        package mutating func count() -> Int? {
            guard let number = signed(), (0...Int64(RecordCodec.maximumCount)).contains(number) else { return nil }
            return Int(number)
        }

        /// A kind field: one `literal` matches byte for byte (the kinds a decoder reads as bytes), else a text `known` accepts.
        package mutating func skipKind(_ literal: (FieldCursor, Field) -> Bool, else known: (String) -> Bool) -> Bool {
            guard let field = next() else { return false }
            if literal(self, field) { return true }
            guard !isNil(field), let text = string(field) else { return false }
            return known(text)
        }

        /// An optional compiler version, as ``RecordCodec/compilerVersion(_:)`` reads it: `MAJOR.MINOR`
        /// of one to four digits each is told from its bytes, anything else is read as text.
        package mutating func skipCompilerVersion() -> Bool {
            guard let field = next() else { return false }
            if isNil(field) { return true }
            var digits = 0, dot = false, plain = true
            for index in field.range {
                let byte = base[index]
                if byte == 0x2E, !dot, digits > 0 {
                    dot = true
                    digits = 0
                } else if byte &- 0x30 < 10, digits < 4 {
                    digits += 1
                } else {
                    plain = false
                    break
                }
            }
            if plain, dot, digits > 0 { return true }
            guard let text = string(field) else { return false }
            return (try? RecordCodec.compilerVersion(text)) != nil
        }
    }
}
