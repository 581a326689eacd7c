import Foundation

/// Snapshots (docs/ARCHITECTURE.md, "Live plugins"): a session and every reload `dlopen` a sealed
/// in-memory copy of the checked file (a `memfd`), not the file itself. A shared library is
/// mapped from its file, and writing the file in place (`cp new.so old.so` keeps the inode)
/// changes the pages of the running image under the Swift runtime, which reads its type
/// metadata and conformance records for the rest of the process: measured, the next
/// `render` of a module built by the old image jumped to a garbage address. A snapshot also
/// gives every version its own inode, so glibc never hands back the image it loaded from an
/// earlier version of the same file.
extension PluginLoader {
    package typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32

    /// `memfd_create`, looked up once (Swift's Glibc module does not import it); nil on a system without it.
    private static let memfdCreate: MemfdCreate? = {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create").map { unsafeBitCast($0, to: MemfdCreate.self) }
    }()

    /// A sealed copy of the open file `descriptor` (checked as `stamp`, `sha256` when hashed), for
    /// `dlopen`; or `descriptor` itself where memfds are not available. The copy is refused as
    /// changed when the file changed while it was read (its stamp, or its digest, differs).
    package func snapshot(_ path: String, descriptor: Int32, stamp: FileStamp, sha256: String?) throws(PluginLoadError) -> Int32 {
        guard let create = Self.memfdCreate else { return descriptor }
        // Named after the file, so /proc/self/maps, a debugger and the image's own `dladdr`
        // (through /proc/self/fd/N while it is open) say `/memfd:libNotesPlugin.so (deleted)`.
        let copy = create(String(Paths.lastComponent(path).utf8.prefix(200)) ?? "viper-plugin", 3)  // MFD_CLOEXEC | MFD_ALLOW_SEALING
        guard copy >= 0 else { return descriptor }
        var offset: off_t = 0
        while offset < off_t(stamp.size) {
            let sent = sendfile(copy, descriptor, &offset, Int(off_t(stamp.size) - offset))
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { break }
        }
        var info = stat()
        let changed =
            offset != off_t(stamp.size) || fstat(descriptor, &info) != 0 || FileStamp(path: path, info: info) != stamp
            || (sha256 != nil && SHA256.hex(ofFile: copy) != sha256)
        // F_ADD_SEALS: F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE.
        guard !changed, fcntl(copy, 1033, Int32(15)) == 0 else {
            close(copy)
            throw PluginLoadError(.changedSinceScan, path: path, message: "changed while viper read it; load it again once it is written")
        }
        return copy
    }
}
