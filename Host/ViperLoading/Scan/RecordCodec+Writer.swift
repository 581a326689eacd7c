/// Writing a ``RecordCodec`` line: the fields go straight into one byte buffer.
extension RecordCodec {
    /// A line being written, as the UTF-8 bytes of its escaped fields and the tabs between
    /// them. Fields go straight into one buffer: a `String` per field joined at the end would be
    /// a large share of a scanner's work on each plugin.
    package struct Writer {
        /// The line so far, without a newline.
        package private(set) var bytes: [UInt8] = []
        private var isEmpty = true

        package init() {
            bytes.reserveCapacity(512)
        }

        package mutating func add(_ text: String) {
            separate()
            var text = text
            text.withUTF8 { RecordCodec.appendEscaped($0, to: &bytes) }
        }

        package mutating func add(_ text: String?) {
            if let text { add(text) } else { addRaw(0x5C, 0x4E) }  // \N
        }

        package mutating func add<Number: BinaryInteger>(_ number: Number) {
            separate()
            if let value = Int64(exactly: number) {
                RecordCodec.appendDecimal(value, to: &bytes)
            } else {
                bytes += String(number).utf8
            }
        }

        package var line: String { String(decoding: bytes, as: UTF8.self) }

        private mutating func addRaw(_ first: UInt8, _ second: UInt8) {
            separate()
            bytes.append(first)
            bytes.append(second)
        }

        private mutating func separate() {
            if isEmpty { isEmpty = false } else { bytes.append(0x09) }
        }
    }

    /// Appends `text` escaped as ``escape(_:)`` does, byte by byte: the four escaped characters
    /// are ASCII, and no byte of a longer UTF-8 sequence is below 0x80.
    static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // Most fields have nothing to escape: then they are copied whole, not byte by byte.
        guard text.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            bytes.append(contentsOf: text)
            return
        }
        for byte in text {
            switch byte {
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            default: bytes.append(byte)
            }
        }
    }

    /// Appends `value` in decimal, as `String(value)` spells it.
    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(0x30 + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }
}
