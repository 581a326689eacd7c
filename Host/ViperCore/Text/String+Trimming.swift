import Foundation

extension Substring {
    /// `trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines`), without
    /// Foundation's cost in the common case: ASCII whitespace is trimmed here, and only an
    /// end that is not ASCII (it could be a Unicode space) goes to Foundation. The shell
    /// trims every command line and every path it opens.
    package func trimmingWhitespace(andNewlines: Bool = false) -> String {
        let bytes = utf8
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || (andNewlines && (0x0A...0x0D).contains(byte))
        }
        var start = bytes.startIndex
        while start != bytes.endIndex, isSpace(bytes[start]) { start = bytes.index(after: start) }
        guard start != bytes.endIndex else { return "" }
        var end = bytes.index(before: bytes.endIndex)
        while isSpace(bytes[end]) { end = bytes.index(before: end) }
        guard bytes[start] < 0x80, bytes[end] < 0x80 else {
            return trimmingCharacters(in: andNewlines ? .whitespacesAndNewlines : .whitespaces)
        }
        return String(self[start...end])
    }
}

extension String {
    /// See ``Substring/trimmingWhitespace(andNewlines:)``.
    package func trimmingWhitespace(andNewlines: Bool = false) -> String {
        self[...].trimmingWhitespace(andNewlines: andNewlines)
    }
}
