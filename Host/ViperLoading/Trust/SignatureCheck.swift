import Foundation
import ViperCore

/// The check a signed plugin passes before any of its code runs, made by the parent before a file
/// goes to the scanner: a plugin file with `FILE.minisig` beside it must carry a signature that
/// verifies under the publisher key `plugins.lock` pins for the plugin it names, of the version
/// pinned, by a key and of bytes not revoked (``PublisherPins``).
///
/// Invariants:
/// - Verification (BLAKE2b-512 and two Ed25519 checks) runs once per new or changed file: the
///   verified file's stamp must be the one the scanner then loads, and the descriptor cache keeps
///   the scan by stamp. A start that finds the file unchanged only rereads the signature's key id
///   and comment (``recheck(_:)``), so a key revoked or a pin changed since still refuses it.
/// - A plugin without a signature is not a signed plugin, unless the lock says it was installed
///   signed (then its signature is missing, and it is refused).
package struct SignatureCheck {
    package let pins: PublisherPins

    package init(pins: PublisherPins) {
        self.pins = pins
    }

    /// What a check found.
    package enum Verdict: Equatable {
        /// No signature, and none expected.
        case unsigned
        /// Verified: the plugin, version and key the signature names, for the file with `stamp`.
        case verified(name: String, version: String?, keyID: String, stamp: FileStamp)
        /// Refused, with one line saying why.
        case refused(String)
    }

    /// Reads the pins of the data folder `folder`; a lock that cannot be read leaves signed plugins refused.
    package static func read(folder: String) -> SignatureCheck? {
        do {
            let pins = try PublisherPins.read(folder: folder)
            return SignatureCheck(pins: pins)
        } catch {
            return nil
        }
    }

    /// Whether the lock expects a signature for the file at `path` (it was installed signed).
    private func expectsSignature(_ path: String) -> String? {
        pins.installedName(at: path)
    }

    /// The fix for an installed plugin whose signature is gone: installing the version the lock
    /// expects again puts the signed file back ('update' finds that version the newest and does nothing).
    private func reinstall(_ name: String) -> String {
        guard let version = pins.lock.publishers?[name]?.version else { return "run 'viper plugins update \(name)'" }
        return "run 'viper plugins install \(name)@\(version)' to put the signed file back"
    }

    /// Verifies the file at `path` and its signature.
    package func verify(_ path: String) -> Verdict {
        let signaturePath = path + Minisign.signatureSuffix
        var signatureInfo = stat()
        guard lstat(signaturePath, &signatureInfo) == 0 else {
            if let name = expectsSignature(path) {
                return .refused("refused: plugin '\(name)' was installed signed, but \(signaturePath) is missing; \(reinstall(name))")
            }
            return .unsigned
        }
        let signature: MinisignSignature
        do {
            guard (signatureInfo.st_mode & S_IFMT) == S_IFREG else {
                throw HostError("\(signaturePath): the signature is not a regular file (a link?); put the file itself there")
            }
            signature = try MinisignSignature.read(signaturePath)
        } catch {
            return .refused("refused: \(error)")
        }
        let statement = PluginStatement(comment: signature.trustedComment)
        guard let name = statement.plugin else {
            return .refused("refused: \(signaturePath) names no plugin in its trusted comment; sign it with 'viper sign'")
        }
        let keyID = signature.keyIDText
        if let refusal = pins.refusal(name: name, keyID: keyID, version: statement.version) { return .refused(refusal) }
        guard let key = pins.key(id: keyID) else {
            return .refused(
                "refused: signed by key \(keyID), which \(pins.path) does not pin; install it with 'viper plugins install \(name) --index URL', or remove \(signaturePath)"
            )
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .refused("refused: cannot be read to check its signature (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused("refused: cannot be read to check its signature") }
        do {
            try signature.verify(file: descriptor, key: key, source: path)
        } catch {
            return .refused("refused: \(error)")
        }
        if !(pins.lock.revoked?.digests ?? [:]).isEmpty, let sha256 = SHA256.hex(ofFile: descriptor),
            let refusal = pins.digestRefusal(sha256)
        {
            return .refused(refusal)
        }
        return .verified(name: name, version: statement.version, keyID: keyID, stamp: FileStamp(path: path, info: info))
    }

    /// For a file verified at an earlier start and unchanged since: why it may no longer load (its
    /// key revoked, its pin changed), from the signature's text alone; nil when it still may.
    ///
    /// A file installed from an index costs no file read: install wrote its pin (key and version)
    /// with it, so only a revocation of that key, or of its digest, can refuse it now. Any other file
    /// is read again only while something could refuse it (a revoked key or digest, or a pin whose
    /// plugin is not installed from an index).
    package func recheck(_ path: String) -> String? {
        guard !pins.isEmpty else { return nil }
        let revokedKeys = pins.lock.revoked?.keys ?? [:], revokedDigests = pins.lock.revoked?.digests ?? [:]
        if let name = pins.installedName(at: path), let publisher = pins.lock.publishers?[name] {
            if revokedKeys[publisher.keyID] != nil, let refusal = pins.refusal(name: name, keyID: publisher.keyID, version: nil) {
                return refusal
            }
            guard !revokedDigests.isEmpty else { return nil }
        } else if revokedKeys.isEmpty, revokedDigests.isEmpty, !(pins.lock.publishers ?? [:]).values.contains(where: { $0.path == nil }) {
            return nil
        }
        let signaturePath = path + Minisign.signatureSuffix
        guard let signature = try? MinisignSignature.read(signaturePath) else {
            if let name = expectsSignature(path) {
                return "refused: plugin '\(name)' was installed signed, but \(signaturePath) is missing or damaged; \(reinstall(name))"
            }
            return nil
        }
        let statement = PluginStatement(comment: signature.trustedComment)
        guard let name = statement.plugin else { return nil }
        if let refusal = pins.refusal(name: name, keyID: signature.keyIDText, version: statement.version) { return refusal }
        if !(pins.lock.revoked?.digests ?? [:]).isEmpty {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                if let sha256 = SHA256.hex(ofFile: descriptor), let refusal = pins.digestRefusal(sha256) { return refusal }
            }
        }
        return nil
    }
}
