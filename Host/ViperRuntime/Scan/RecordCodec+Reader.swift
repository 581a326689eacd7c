extension RecordCodec {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads the tab-separated fields of one line in order, straight from its UTF-8 bytes: a
    /// field is found when it is read (no list of fields is made), a String is made only for
    /// a field read as text, and a field without a backslash is copied as is.
    struct Reader {
        private let bytes: ArraySlice<UInt8>
        /// Where the next field starts.
        private(set) var position: Int
        /// Whether the last field was read.
        private(set) var isAtEnd = false

        init(_ line: Substring) {
            self.init(bytes: ArraySlice(line.utf8))
        }

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        /// The next field's bytes (by index into the line) and whether it holds a backslash.
        private mutating func nextField() throws -> (range: Range<Int>, escaped: Bool) {
            guard !isAtEnd else { throw Malformed(description: "the line ends early") }
            let start = position
            let base = bytes.startIndex
            var escaped = false
            let end = bytes.withUnsafeBufferPointer { buffer -> Int in
                var index = start - base
                while index < buffer.count {
                    let byte = buffer[index]
                    if byte == 0x09 { break }
                    if byte == 0x5C { escaped = true }
                    index += 1
                }
                return index + base
            }
            if end == bytes.endIndex {
                isAtEnd = true
            } else {
                position = end + 1
            }
            return (start..<end, escaped)
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

        mutating func optionalText() throws -> String? {
            let (range, escaped) = try nextField()
            if isNil(range) { return nil }
            return try string(range, escaped: escaped)
        }

        mutating func text() throws -> String {
            guard let value = try optionalText() else { throw Malformed(description: "a value is missing") }
            return value
        }

        /// Checks an optional text field as ``optionalText()`` reads it, without making it.
        mutating func skipOptionalText() throws {
            let (range, escaped) = try nextField()
            if escaped, !isNil(range) { try RecordCodec.checkEscapes(bytes[range]) }
        }

        /// Checks a text field as ``text()`` reads it, without making it.
        mutating func skipText() throws {
            let (range, escaped) = try nextField()
            if isNil(range) { throw Malformed(description: "a value is missing") }
            if escaped { try RecordCodec.checkEscapes(bytes[range]) }
        }

        mutating func integer<Number: FixedWidthInteger>(_: Number.Type = Number.self) throws -> Number {
            let (range, _) = try nextField()
            var value: Number = 0
            var negative = false
            var digits = 0
            for index in range {
                let byte = bytes[index]
                if index == range.lowerBound, byte == 0x2D, Number.isSigned {
                    negative = true
                    continue
                }
                guard (0x30...0x39).contains(byte) else { throw Malformed(description: "'\(String(decoding: bytes[range], as: UTF8.self))' is not a number") }
                let digit = Number(byte - 0x30)
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                guard !overflowA, !overflowB else { throw Malformed(description: "a number is out of range") }
                value = next
                digits += 1
            }
            guard digits > 0 else { throw Malformed(description: "a number is missing") }
            return value
        }

        /// A count of items that follow, bounded so a corrupt line cannot ask for billions.
        mutating func count() throws -> Int {
            let number: Int = try integer()
            guard (0...RecordCodec.maximumCount).contains(number) else { throw Malformed(description: "a count of \(number) is out of range") }
            return number
        }
    }

    static func unescape(_ field: ArraySlice<UInt8>) throws -> String {
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
    static func checkEscapes(_ field: ArraySlice<UInt8>) throws {
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
