/// Splits bytes read from a pipe into lines, looking at each byte once: a record
/// that arrives in many reads costs time linear in its length. (Searching the whole
/// unfinished line again after every 64 KiB read made a long record quadratic.)
package struct LineBuffer {
    package init() {}

    private var bytes: [UInt8] = []
    /// The first byte of the line not returned yet.
    private var start = 0
    /// Bytes from `start` up to here hold no newline.
    private var searched = 0
    /// Bytes looked at while searching for newlines, for tests and `viper-bench`.
    package private(set) var bytesExamined = 0

    /// Bytes received and not yet returned as a line.
    package var pendingCount: Int { bytes.count - start }

    package mutating func append<Bytes: Collection>(_ chunk: Bytes) where Bytes.Element == UInt8 {
        // Drop returned lines once they fill half the storage: each byte moves at most once on average.
        if start > 0, start * 2 >= bytes.count {
            bytes.removeSubrange(..<start)
            searched -= start
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// The next complete line (without its newline), or nil until more bytes arrive.
    package mutating func nextLine() -> ArraySlice<UInt8>? {
        guard searched < bytes.count else { return nil }
        guard let newline = bytes[searched...].firstIndex(of: 0x0A) else {
            bytesExamined += bytes.count - searched
            searched = bytes.count
            return nil
        }
        bytesExamined += newline + 1 - searched
        let line = bytes[start..<newline]
        start = newline + 1
        searched = start
        return line
    }
}
