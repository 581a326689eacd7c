import Foundation

extension RecordCodec {
    package struct Malformed: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads the tab-separated fields of one line in order, straight from its UTF-8 bytes: a
    /// field is found when it is read (no list of fields is made), a String is made only for
    /// a field read as text, and a field without a backslash is copied as is.
    package struct Reader {
        private let bytes: ArraySlice<UInt8>
        /// Where the next field starts.
        package private(set) var position: Int
        /// Whether the last field was read.
        package private(set) var isAtEnd = false
        /// Whether the line holds a backslash at all (most lines have none: then no field is searched for one).
        private let hasEscapes: Bool

        package init(_ line: Substring) {
            self.init(bytes: ArraySlice(line.utf8))
        }

        package init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
            hasEscapes = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return false }
                return memchr(base, 0x5C, raw.count) != nil
            }
        }

        /// The next field's bytes (by index into the line) and whether it holds a backslash.
        private mutating func nextField() throws -> (range: Range<Int>, escaped: Bool) {
            guard !isAtEnd else { throw Malformed(description: "the line ends early") }
            let start = position
            let base = bytes.startIndex
            let end = bytes.withUnsafeBytes { raw -> Int in
                let offset = start - base
                guard offset < raw.count, let address = raw.baseAddress,
                    let tab = memchr(address + offset, 0x09, raw.count - offset)
                else { return raw.count + base }
                return UnsafeRawPointer(tab) - address + base
            }
            if end == bytes.endIndex {
                isAtEnd = true
            } else {
                position = end + 1
            }
            return (start..<end, hasEscapes && bytes[start..<end].contains(0x5C))
        }

        /// Whether the next field is `literal`, byte for byte; reads it either way.
        package mutating func nextIs(_ literal: StaticString) throws -> Bool {
            let (range, _) = try nextField()
            return matches(range, literal)
        }

        private func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
            guard range.count == literal.utf8CodeUnitCount else { return false }
            let base = bytes.startIndex
            return bytes.withUnsafeBytes { raw in
                guard let address = raw.baseAddress else { return range.isEmpty }
                return memcmp(address + (range.lowerBound - base), literal.utf8Start, range.count) == 0
            }
        }

        /// The next field as one of `choices` (matched byte for byte), else as `parse` reads it as text.
        package mutating func choice<Value>(_ choices: [(StaticString, Value)], else parse: (String) throws -> Value) throws -> Value {
            let (range, escaped) = try nextField()
            if !escaped {
                for (literal, value) in choices where matches(range, literal) { return value }
            }
            if isNil(range) { throw Malformed(description: "a value is missing") }
            return try parse(try string(range, escaped: escaped))
        }

        private func isNil(_ range: Range<Int>) -> Bool {
            range.count == 2 && bytes[range.lowerBound] == 0x5C && bytes[range.lowerBound + 1] == 0x4E  // \N
        }

        private func string(_ range: Range<Int>, escaped: Bool) throws -> String {
            guard !escaped else { return try RecordCodec.unescape(bytes[range]) }
            let base = bytes.startIndex
            return bytes.withUnsafeBufferPointer { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[(range.lowerBound - base)..<(range.upperBound - base)]), as: UTF8.self)
            }
        }

        package mutating func optionalText() throws -> String? {
            let (range, escaped) = try nextField()
            if isNil(range) { return nil }
            return try string(range, escaped: escaped)
        }

        package mutating func text() throws -> String {
            guard let value = try optionalText() else { throw Malformed(description: "a value is missing") }
            return value
        }

        /// Checks an optional text field as ``optionalText()`` reads it, without making it.
        package mutating func skipOptionalText() throws {
            let (range, escaped) = try nextField()
            if escaped, !isNil(range) { try RecordCodec.checkEscapes(bytes[range]) }
        }

        /// Checks a text field as ``text()`` reads it, without making it.
        package mutating func skipText() throws {
            let (range, escaped) = try nextField()
            if isNil(range) { throw Malformed(description: "a value is missing") }
            if escaped { try RecordCodec.checkEscapes(bytes[range]) }
        }

        package mutating func integer<Number: FixedWidthInteger>(_: Number.Type = Number.self) throws -> Number {
            let (range, _) = try nextField()
            let base = bytes.startIndex
            let parsed: Number? = bytes.withUnsafeBytes { raw in
                Self.parse(UnsafeRawBufferPointer(rebasing: raw[(range.lowerBound - base)..<(range.upperBound - base)]))
            }
            guard let parsed else {
                let field = bytes[range]
                let isDigits =
                    !field.isEmpty
                    && field.enumerated().allSatisfy { offset, byte in
                        (0x30...0x39).contains(byte) || (offset == 0 && byte == 0x2D && Number.isSigned)
                    }
                if field.isEmpty || (Number.isSigned && field.elementsEqual([0x2D])) { throw Malformed(description: "a number is missing") }
                if isDigits { throw Malformed(description: "a number is out of range") }
                throw Malformed(description: "'\(String(decoding: field, as: UTF8.self))' is not a number")
            }
            return parsed
        }

        /// Decimal digits, with a leading minus for a signed type; nil when they are not, or do not fit.
        private static func parse<Number: FixedWidthInteger>(_ digits: UnsafeRawBufferPointer) -> Number? {
            var index = 0
            let negative = Number.isSigned && digits.first == 0x2D
            if negative { index = 1 }
            guard index < digits.count else { return nil }
            var magnitude: UInt64 = 0
            while index < digits.count {
                let digit = digits[index] &- 0x30
                guard digit < 10 else { return nil }
                let (shifted, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, overflowB) = shifted.addingReportingOverflow(UInt64(digit))
                guard !overflowA, !overflowB else { return nil }
                magnitude = next
                index += 1
            }
            guard negative else { return Number(exactly: magnitude) }
            guard magnitude > 0 else { return 0 }
            guard let below = Number(exactly: magnitude - 1) else { return nil }
            return 0 - below - 1
        }

        /// A count of items that follow, bounded so a corrupt line cannot ask for billions.
        package mutating func count() throws -> Int {
            let number: Int = try integer()
            guard (0...RecordCodec.maximumCount).contains(number) else { throw Malformed(description: "a count of \(number) is out of range") }
            return number
        }
    }

    package static func unescape(_ field: ArraySlice<UInt8>) throws -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(field.count)
        var iterator = field.makeIterator()
        while let byte = iterator.next() {
            guard byte == 0x5C else {
                output.append(byte)
                continue
            }
            switch iterator.next() {
            case 0x5C: output.append(0x5C)
            case 0x74: output.append(0x09)  // t
            case 0x6E: output.append(0x0A)  // n
            case 0x72: output.append(0x0D)  // r
            default: throw Malformed(description: "a stray backslash")
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Throws where ``unescape(_:)`` would.
    package static func checkEscapes(_ field: ArraySlice<UInt8>) throws {
        var iterator = field.makeIterator()
        while let byte = iterator.next() {
            guard byte == 0x5C else { continue }
            switch iterator.next() {
            case 0x5C, 0x74, 0x6E, 0x72: continue
            default: throw Malformed(description: "a stray backslash")
            }
        }
    }
}
