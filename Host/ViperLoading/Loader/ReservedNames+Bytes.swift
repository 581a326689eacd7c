import Glibc

/// The reserved-name check of every file found at every start, on the path's bytes: no String
/// is made and nothing is hashed for a name that cannot be reserved (cutting out and hashing
/// each file name is a measurable share of a warm start with many plugins).
///
/// Invariants:
/// - A superset of ``ReservedNames/fileProblem(_:)``'s answer: every path whose last component
///   is a reserved file name passes, so that check stays the one that decides.
/// - A name with any byte above ASCII passes too, and every name does when a reserved name has
///   one: String equality is canonical equivalence, under which a non-ASCII name can equal an
///   ASCII one (the Kelvin sign and `K`).
extension ReservedNames {
    /// Whether the last component of `path` could be a reserved file name (see the invariants).
    static func mayBeReservedFile(_ path: String) -> Bool {
        FileNameCheck().mayBeReserved(path)
    }

    /// ``mayBeReservedFile(_:)`` with its tables read once, for a whole list of files (each read
    /// of a static table is a `swift_once` check, once per file otherwise).
    struct FileNameCheck {
        private let byLength = ReservedNames.reservedByLength
        private let notASCII = ReservedNames.reservedNameIsNotASCII

        /// Whether the last component of `path` could be a reserved file name (see the invariants).
        func mayBeReserved(_ path: String) -> Bool {
            ReservedNames.mayBeReservedFile(path, byLength: byLength, notASCII: notASCII)
        }
    }

    private static func mayBeReservedFile(_ path: String, byLength reservedByLength: [[[UInt8]]], notASCII reservedNameIsNotASCII: Bool) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 1, bytes[end - 1] == slash { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            let length = end - start
            guard length > 0, let base = bytes.baseAddress else { return false }
            if reservedNameIsNotASCII { return true }
            for offset in start..<end where bytes[offset] >= 0x80 { return true }
            guard length < reservedByLength.count else { return false }
            return reservedByLength[length].contains { name in
                name.withUnsafeBytes { reserved in reserved.baseAddress.map { memcmp($0, base + start, length) == 0 } ?? false }
            }
        }
    }

    /// Each reserved file name's bytes, by its length (index), read once.
    private static let reservedByLength: [[[UInt8]]] = {
        let names = reservedFileNames.map { Array($0.utf8) }
        var table = Array(repeating: [[UInt8]](), count: (names.map(\.count).max() ?? 0) + 1)
        for name in names { table[name.count].append(name) }
        return table
    }()

    /// Whether any reserved file name has a byte above ASCII (then every name takes the String check).
    private static let reservedNameIsNotASCII = reservedFileNames.contains { name in name.utf8.contains { $0 >= 0x80 } }
}
