import Foundation
import ViperLoading

/// The plugin file `viper check` judges, named by the SHA-256 of its bytes: read once from one
/// open descriptor before any process loads it, with the file's identity (device, inode, size,
/// modification and change times). When the check ends, the file at the path is stamped and
/// hashed again: a file replaced, rewritten or touched meanwhile (even put back as it was: the
/// change time moves) means the processes may have loaded other bytes than those hashed, so the
/// check is refused, naming both digests. The digest the report names is always that of the
/// bytes the check judged.
struct CheckedFile {
    let path: String
    let sha256: String
    let stamp: FileStamp

    /// Reads and hashes the file at `path`; the reason, in one line, when it cannot be read.
    static func read(_ path: String) -> Result<CheckedFile, CheckSessionError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(CheckSessionError("cannot read it: \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(CheckSessionError("it is not a regular file; give the path of a built plugin (.so)"))
        }
        guard let digest = SHA256.hex(ofFile: descriptor) else {
            return .failure(CheckSessionError("cannot read it to its end: \(String(cString: strerror(errno)))"))
        }
        return .success(CheckedFile(path: path, sha256: digest, stamp: FileStamp(path: path, info: info)))
    }

    /// Why the file at the path is no longer the one hashed at the start, or nil when it is.
    func change() -> String? {
        let now = Self.read(path)
        let same: Bool
        switch now {
        case .success(let file): same = file.sha256 == sha256 && file.stamp == stamp
        case .failure: same = false
        }
        guard !same else { return nil }
        let after: String
        switch now {
        case .success(let file): after = file.sha256 == sha256 ? "the same bytes, but touched or replaced" : "sha256 \(file.sha256)"
        case .failure(let error): after = "\(error)"
        }
        return "\(path) changed while it was checked (sha256 \(sha256) when the check began; now \(after)), so the processes "
            + "that ran it may have loaded other bytes: no verdict; check it again once nothing writes it"
    }
}
