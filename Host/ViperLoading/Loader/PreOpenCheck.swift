import Foundation
import ViperELF

/// The checks every image viper opens with `dlopen` passes first, plugin or contract library,
/// all on the descriptor that is then loaded (never on the path again, which another process
/// could swap in between):
///
/// 1. ``file(_:folder:descriptor:noun:allowInsecure:folderProblem:lock:digest:)``: it is a
///    regular file; it and its folders up to the plugin folder are trusted (``PluginTrust``),
///    unless `--allow-insecure-plugins`; and when a lock is in force, its SHA-256 is pinned.
/// 2. ``image(descriptor:size:)``: its ELF headers are whole (`dlopen` maps a truncated file and
///    then faults on the missing pages) and its linkage is allowed (``ELFLinkage``).
///
/// What only one kind has stays with it: a plugin's stamp against its scan, its snapshot copy,
/// its `.viper_abi` section and contract libraries (``PluginLoader``); a library's signature
/// (``ContractLibraryCatalog``).
package enum PreOpenCheck {
    /// What the file check found.
    package struct File {
        package let info: stat
        /// The file's SHA-256 when a lock is in force (or `digest` was asked for), else nil.
        package let sha256: String?
    }

    /// Why the image may not be opened: which check said no, and its one line.
    package struct Refusal: Error {
        package enum Check {
            case unreadable, notRegular, untrusted, notPinned, elf, linkage
        }
        package let check: Check
        package let message: String
    }

    /// Step 1 on the open `descriptor` of `path` in plugin folder `folder`. `noun` names the kind
    /// in the line ("plugin", "contract library"); `folderProblem` judges the folders (a cache may
    /// answer); `digest` computes the SHA-256 (a cache may answer), asked only when `lock` pins
    /// files or `hash` is true.
    package static func file(
        _ path: String, folder: String, descriptor: Int32, noun: String, allowInsecure: Bool,
        folderProblem: (() -> String?)? = nil, lock: LockState, hash: Bool = false,
        digest: ((stat) -> String?)? = nil
    ) throws(Refusal) -> File {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw Refusal(check: .unreadable, message: "cannot be read (\(String(cString: strerror(errno)))); check its permissions")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Refusal(check: .notRegular, message: "not a \(noun): not a regular file; remove it from the plugin folder")
        }
        if !allowInsecure,
            let problem = PluginTrust.fileProblem(path: path, info: info)
                ?? (folderProblem ?? { PluginTrust.folderProblem(path: path, root: folder) })()
        {
            throw Refusal(check: .untrusted, message: problem)
        }
        var sha256: String?
        if lock.isLocked || hash {
            sha256 = digest?(info) ?? SHA256.hex(ofFile: descriptor)
            if let refusal = lock.refusal(path: path, sha256: sha256) { throw Refusal(check: .notPinned, message: refusal) }
        }
        return File(info: info, sha256: sha256)
    }

    /// Step 2 on the open `descriptor` (`size` bytes): the linkage read, or the refusal.
    package static func image(descriptor: Int32, size: UInt64) throws(Refusal) -> ELFLinkage {
        if let problem = ELFCheck.problem(descriptor: descriptor) { throw Refusal(check: .elf, message: problem) }
        let linkage = ELFLinkage(descriptor: descriptor, size: size)
        if let problem = linkage.problem { throw Refusal(check: .linkage, message: problem) }
        return linkage
    }
}
