import Foundation
import ViperCore

/// A minisign signature file (``Minisign`` has the format): which key signed, the signature of the
/// file's BLAKE2b-512 digest (or of the file, for legacy "Ed" signatures), the trusted comment and
/// the global signature that binds the comment to the first signature.
package struct MinisignSignature: Sendable {
    package let keyID: [UInt8]
    /// True for "ED" (the digest signed); false for legacy "Ed" (the whole file signed).
    package let prehashed: Bool
    let signature: [UInt8]
    /// The trusted comment's text, without its prefix. Only trust it after ``verify(file:key:)``.
    package let trustedComment: String
    let globalSignature: [UInt8]
    package let untrustedComment: String

    /// The signing key's id as minisign prints it.
    package var keyIDText: String { Minisign.keyID(keyID) }

    /// Signs the open file `descriptor` with `key` (prehashed, as minisign does by default).
    package static func sign(
        file descriptor: Int32, key: MinisignSecretKey, trustedComment: String, untrustedComment: String
    ) throws -> MinisignSignature {
        guard !trustedComment.contains("\n"), !trustedComment.contains("\r"), !untrustedComment.contains("\n") else {
            throw HostError("a comment of a signature must be one line")
        }
        guard let digest = Blake2b512.digest(ofFile: descriptor), let signature = Ed25519.sign(digest, seed: key.seed),
            let global = Ed25519.sign(signature + Array(trustedComment.utf8), seed: key.seed)
        else { throw HostError("cannot sign: the file cannot be read or libcrypto refused the key") }
        return MinisignSignature(
            keyID: key.id, prehashed: true, signature: signature, trustedComment: trustedComment, globalSignature: global,
            untrustedComment: untrustedComment)
    }

    private init(
        keyID: [UInt8], prehashed: Bool, signature: [UInt8], trustedComment: String, globalSignature: [UInt8], untrustedComment: String
    ) {
        self.keyID = keyID
        self.prehashed = prehashed
        self.signature = signature
        self.trustedComment = trustedComment
        self.globalSignature = globalSignature
        self.untrustedComment = untrustedComment
    }

    /// The signature file's text.
    package var text: String {
        let algorithm = prehashed ? Minisign.hashedAlgorithm : Minisign.algorithm
        return "\(Minisign.untrustedPrefix)\(untrustedComment)\n" + Data(algorithm + keyID + signature).base64EncodedString() + "\n"
            + "\(Minisign.trustedPrefix)\(trustedComment)\n" + Data(globalSignature).base64EncodedString() + "\n"
    }

    /// Reads a signature file's text; `source` names it in the error.
    package init(text: String, source: String) throws {
        let lines = Minisign.lines(text)
        guard lines.count >= 4, lines[0].hasPrefix(Minisign.untrustedPrefix) else {
            throw HostError("\(source): not a minisign signature: it must start with '\(Minisign.untrustedPrefix)'; sign the file again")
        }
        guard let bytes = Minisign.decode(lines[1], count: 74) else {
            throw HostError("\(source): damaged signature: its second line is not the base64 of 74 bytes; sign the file again")
        }
        let algorithm = Array(bytes[0..<2])
        guard algorithm == Minisign.hashedAlgorithm || algorithm == Minisign.algorithm else {
            throw HostError("\(source): damaged signature: unknown algorithm '\(String(decoding: algorithm, as: UTF8.self))'")
        }
        guard lines[2].hasPrefix(Minisign.trustedPrefix) else {
            throw HostError("\(source): damaged signature: its third line must start with '\(Minisign.trustedPrefix)'")
        }
        guard let global = Minisign.decode(lines[3], count: 64) else {
            throw HostError("\(source): damaged signature: its fourth line is not the base64 of 64 bytes; sign the file again")
        }
        untrustedComment = String(lines[0].dropFirst(Minisign.untrustedPrefix.count))
        prehashed = algorithm == Minisign.hashedAlgorithm
        keyID = Array(bytes[2..<10])
        signature = Array(bytes[10..<74])
        trustedComment = String(lines[2].dropFirst(Minisign.trustedPrefix.count))
        globalSignature = global
    }

    /// Reads the signature file at `path`.
    package static func read(_ path: String) throws -> MinisignSignature {
        try MinisignSignature(text: try Minisign.readText(path, what: "signature"), source: path)
    }

    /// Checks that `key` made this signature of the open file `descriptor` and of its trusted
    /// comment; throws one line naming `source` (the file signed) and what failed.
    package func verify(file descriptor: Int32, key: MinisignPublicKey, source: String) throws {
        try verify(key: key, source: source) { prehashed ? Blake2b512.digest(ofFile: descriptor) : Self.readAll(descriptor) }
    }

    /// Checks that `key` made this signature of `bytes` (a file read into memory).
    package func verify(bytes: [UInt8], key: MinisignPublicKey, source: String) throws {
        try verify(key: key, source: source) { prehashed ? Blake2b512.digest(bytes) : bytes }
    }

    private func verify(key: MinisignPublicKey, source: String, message read: () -> [UInt8]?) throws {
        guard key.id == keyID else {
            throw HostError("\(source): signed by key \(keyIDText), not by \(key.keyID); give the publisher's key \(keyIDText)")
        }
        guard let message = read() else { throw HostError("\(source): cannot be read to check its signature") }
        guard Ed25519.verify(signature, of: message, publicKey: key.key) else {
            throw HostError(
                "\(source): the signature does not match the file (changed after signing, or signed by another key); get both again from the publisher")
        }
        guard Ed25519.verify(globalSignature, of: signature + Array(trustedComment.utf8), publicKey: key.key) else {
            throw HostError("\(source): the signature's trusted comment was changed after signing; get the signature again from the publisher")
        }
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size < 1 << 30 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(descriptor, $0 + done, buffer.count - done, off_t(done)) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }
}
