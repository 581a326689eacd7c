import Foundation

/// A tmpfs of a few hundred KiB mounted on a fresh temporary folder, so a test can fill
/// the disk under a database for real. Needs root (the test machines run as root); when
/// the mount is refused, ``init(kibibytes:)`` throws saying so, and the test fails with
/// that line rather than passing without having tested anything.
public final class SmallDisk {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// The mounted folder.
    public let path: String
    private var mounted = true
    private var filler: String { path + "/filler" }

    public init(kibibytes: Int = 200) throws {
        path = try TemporaryFolder.make("small-disk")
        let result = Self.run(["/bin/mount", "-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0755", "tmpfs", path])
        guard result.status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw Refused(description: "cannot mount a \(kibibytes) KiB tmpfs on \(path) (mount exited \(result.status): "
                + "\(result.output.trimmingCharacters(in: .whitespacesAndNewlines))); the full-disk tests need root")
        }
    }

    deinit {
        unmount()
    }

    /// Writes a file until the disk is full; returns how many bytes it took.
    @discardableResult
    public func fill() -> Int {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x5A, count: 4096)
        var total = 0
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            total += written
        }
        // The last, partly free page too.
        while (chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, 1) }) == 1 { total += 1 }
        return total
    }

    /// Removes what ``fill()`` wrote.
    public func free() {
        unlink(filler)
    }

    /// Makes the file system read-only (`mount -o remount,ro`); returns whether it worked.
    public func makeReadOnly() -> Bool {
        Self.run(["/bin/mount", "-o", "remount,ro", path]).status == 0
    }

    /// Unmounts and removes the folder; safe to call twice.
    public func unmount() {
        guard mounted else { return }
        mounted = false
        if Self.run(["/bin/umount", path]).status != 0 {
            _ = Self.run(["/bin/umount", "-l", path])
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ arguments: [String]) -> Subprocess.Result {
        do {
            return try Subprocess.run(arguments[0], Array(arguments.dropFirst()), mergingErrors: true)
        } catch {
            return Subprocess.Result(status: -1, stdout: "\(error)", stderr: "")
        }
    }
}
