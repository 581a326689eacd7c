import Foundation

/// The `-wal` and `-shm` files SQLite keeps beside a database in WAL mode. A clean
/// quit removes both; a crash leaves them, and the next open replays the WAL.
///
/// What SQLite does with bad ones is silent: it ignores a WAL whose header is damaged
/// (the writes in it are lost and the database reads as it was before them, often as
/// "no notes yet"), and it writes through a link or into a FIFO. So they are checked
/// before SQLite opens the database, and one that is damaged or does not belong to the
/// database is named with the fix instead.
enum SQLiteCompanionFiles {
    /// The WAL header's magic numbers (big- and little-endian checksums) and format version.
    private static let walMagic: Set<UInt32> = [0x377f_0682, 0x377f_0683]
    private static let walVersion: UInt32 = 3_007_000

    /// What is wrong with the companions of the database at `path`, or nil.
    package static func problem(database path: String, user: uid_t = geteuid()) -> String? {
        for suffix in ["-wal", "-shm"] {
            if let problem = fileProblem(path + suffix, user: user) { return problem }
        }
        return walProblem(database: path)
    }

    /// A companion must be a regular file of this user's (or root's) that others cannot write.
    private static func fileProblem(_ path: String, user: uid_t) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return "\(path) is not a regular file (a link, FIFO or device), so it does not belong to this database; "
                + "remove it ('rm \(path)') and start viper again"
        }
        if info.st_uid != user && info.st_uid != 0 || info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            return "\(path) belongs to another account or can be written by others, so it may not belong to this database; "
                + "if it is yours, run 'chown \(user) \(path)' and 'chmod go-w \(path)', otherwise move it aside"
        }
        return nil
    }

    private static func walProblem(database path: String) -> String? {
        let wal = path + "-wal"
        guard let header = read(wal, count: 32), !header.isEmpty else { return nil }
        let moveAside = "move \(wal) and \(path)-shm aside"
        guard let pageSize = databasePageSize(path) else {
            return "\(wal) holds writes for a database that is not there (\(path) is missing or empty): "
                + "put the database back beside it, or \(moveAside) to start with no data"
        }
        guard header.count == 32, walMagic.contains(bigEndian(header, 0)), bigEndian(header, 4) == walVersion,
            checksum(header, bigEndianWords: bigEndian(header, 0) & 1 == 1) == (bigEndian(header, 24), bigEndian(header, 28))
        else {
            return "\(wal) is damaged (not a SQLite write-ahead log), and SQLite would drop the writes in it without a word; "
                + "restore \(path) from a backup, or \(moveAside) to keep the database as it was before them"
        }
        let walPageSize = bigEndian(header, 8)
        guard walPageSize == pageSize else {
            return "\(wal) does not belong to \(path) (pages of \(walPageSize) bytes, the database has \(pageSize)); "
                + "it was left by another database: \(moveAside)"
        }
        return nil
    }

    /// The page size in a database file's header, or nil when the file is missing or empty.
    private static func databasePageSize(_ path: String) -> UInt32? {
        guard let header = read(path, count: 18), header.count == 18 else { return nil }
        let size = UInt32(header[16]) << 8 | UInt32(header[17])
        return size == 1 ? 65_536 : size
    }

    /// SQLite's WAL checksum over the first 24 header bytes, as 32-bit words.
    private static func checksum(_ bytes: [UInt8], bigEndianWords: Bool) -> (UInt32, UInt32) {
        var s0: UInt32 = 0, s1: UInt32 = 0
        for offset in stride(from: 0, to: 24, by: 8) {
            let first = bigEndianWords ? bigEndian(bytes, offset) : littleEndian(bytes, offset)
            let second = bigEndianWords ? bigEndian(bytes, offset + 4) : littleEndian(bytes, offset + 4)
            s0 = s0 &+ first &+ s1
            s1 = s1 &+ second &+ s0
        }
        return (s0, s1)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Up to `count` bytes from the start of a regular file, never blocking; nil when it cannot be read.
    private static func read(_ path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return got < 0 ? nil : Array(bytes.prefix(got))
    }
}
