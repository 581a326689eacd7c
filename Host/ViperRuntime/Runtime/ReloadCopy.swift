import Foundation

/// The copy of a new version of a plugin file that a reload `dlopen`s (docs/ARCHITECTURE.md,
/// "Live plugins"). glibc returns the image it already has for a file it loaded before (it
/// matches the device and inode, so a file copied over in place is the "same" file), and
/// images are never closed: so each new version is loaded from a file of its own, at a path
/// no other copy used, in the data folder's `reloads` folder (owned by the user, mode 0700).
///
/// Invariants:
/// - The copy holds exactly the bytes of the version that was scanned: the original is read
///   through one descriptor whose stamp must equal the scan's before and after the read, and
///   the digest of what was read must equal the scan's digest when the scan computed one.
/// - The copy is removed as soon as it was loaded or refused (the mapping keeps the image);
///   a copy left by a process that died is removed by the next reload of any viper.
struct ReloadCopy {
    /// Where the copy is.
    let path: String
    /// The SHA-256 of its bytes (the loader checks the copy it opens against it).
    let sha256: String

    /// Why a copy could not be made: the file is changing (try again later), or something is wrong.
    enum Failure: Error {
        case changing
        case failed(String)
    }

    /// The folder of copies in `dataFolder`.
    static func folder(in dataFolder: String) -> String { Paths.join(dataFolder, "reloads") }

    /// Copies `source`, which the scan saw as `stamp` (and digest `scanned`, when it computed one).
    static func make(from source: String, stamp: FileStamp, scanned: String?, name: String, serial: Int,
                     dataFolder: String) -> Result<ReloadCopy, Failure> {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { return .failure(.changing) }  // gone or replaced since the scan
        defer { close(input) }
        guard Self.stamp(of: input, path: source) == stamp, let bytes = readAll(input),
              Self.stamp(of: input, path: source) == stamp else { return .failure(.changing) }
        guard let sha256 = SHA256.hex(of: bytes) else {
            return .failure(.failed("cannot compute its SHA-256; check that libcrypto works"))
        }
        if let scanned, scanned != sha256 { return .failure(.changing) }
        let folder = folder(in: dataFolder)
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            return .failure(.failed("cannot create \(folder) (\(String(cString: strerror(errno)))); check the data folder's permissions"))
        }
        let path = Paths.join(folder, "\(getpid())-\(name)-\(serial).so")
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o500)
        guard output >= 0 else {
            return .failure(.failed("cannot write \(path) (\(String(cString: strerror(errno)))); check the data folder's permissions and free space"))
        }
        defer { close(output) }
        guard writeAll(bytes, to: output) else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            return .failure(.failed("cannot write \(path) (\(reason)); check the free space of the data folder"))
        }
        return .success(ReloadCopy(path: path, sha256: sha256))
    }

    /// Removes the copies in `dataFolder` left by processes that are gone.
    static func sweep(dataFolder: String) {
        let folder = folder(in: dataFolder)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let pid = name.split(separator: "-").first.flatMap({ pid_t($0) }), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(Paths.join(folder, name))
        }
    }

    private static func stamp(of descriptor: Int32, path: String) -> FileStamp? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileStamp(path: path, info: info)
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
