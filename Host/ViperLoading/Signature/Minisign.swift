import Foundation
import ViperCore

/// minisign's file formats (https://jedisct1.github.io/minisign/), read and written by viper so
/// that a plugin signed by one verifies in the other. Chosen over a format of our own because
/// publishers already have the tool, the files are small text, and the design is known to hold:
/// Ed25519 over a BLAKE2b-512 digest of the file, and a second signature over the first one and a
/// "trusted comment" that cannot be changed without the key.
///
/// The three files, each line ending in `\n`:
///
///     public key:  untrusted comment: minisign public key <KEY ID>
///                  base64("Ed" + key id (8) + Ed25519 public key (32))
///     secret key:  untrusted comment: <anything>
///                  base64("Ed" + kdf ("Sc" or 0,0) + "B2" + salt (32) + opslimit (8, LE) + memlimit (8, LE)
///                         + [key id (8) + Ed25519 secret key (64: seed, then public key) + checksum (32)])
///                  (the bracketed part is XORed with scrypt(password, salt) when kdf is "Sc")
///     signature:   untrusted comment: <anything>
///                  base64("ED" + key id (8) + Ed25519(BLAKE2b-512(file)))    ("Ed": the file itself was signed)
///                  trusted comment: <text>
///                  base64(Ed25519(signature (64) + text))
///
/// Invariants:
/// - Every parser refuses with one line naming the file and what is wrong; nothing is trusted from an
///   untrusted comment. A signature verifies only when both Ed25519 signatures hold under the key
///   whose id it names.
/// - Key ids are shown as minisign shows them: the 8 bytes read as a little-endian integer, in
///   16 upper-case hex digits.
package enum Minisign {
    /// The format's one version: minisign's own (it has not changed since 0.8).
    package static let formatVersion = 1
    package static let untrustedPrefix = "untrusted comment: "
    package static let trustedPrefix = "trusted comment: "
    /// The signature algorithm of keys and of legacy signatures (the file itself signed).
    static let algorithm: [UInt8] = Array("Ed".utf8)
    /// The signature algorithm of signatures over the file's BLAKE2b-512 digest.
    static let hashedAlgorithm: [UInt8] = Array("ED".utf8)
    static let scrypt: [UInt8] = Array("Sc".utf8)
    static let noKDF: [UInt8] = [0, 0]
    static let checksum: [UInt8] = Array("B2".utf8)
    /// The suffix of a signature file beside the file it signs.
    package static let signatureSuffix = ".minisig"

    /// `bytes` (8) as minisign names a key: little-endian, 16 upper-case hex digits.
    package static func keyID(_ bytes: [UInt8]) -> String {
        bytes.reversed().map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The lines of a minisign file, without their line ends (`\r\n` accepted).
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
    }

    /// Decodes one base64 line of exactly `count` bytes, or nil.
    static func decode(_ line: String, count: Int) -> [UInt8]? {
        guard let data = Data(base64Encoded: line.trimmingCharacters(in: .whitespaces)), data.count == count else { return nil }
        return Array(data)
    }

    /// Random bytes from libcrypto's generator, or nil when it fails.
    static func randomBytes(_ count: Int) -> [UInt8]? {
        Ed25519.randomBytes(count)
    }

    /// Reads a small text file (a key or a signature), refusing what cannot be one.
    static func readText(_ path: String, what: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HostError("\(path): cannot read the \(what) (\(String(cString: strerror(errno)))); check the path")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HostError("\(path): the \(what) is not a regular file; give the file itself")
        }
        guard info.st_size <= 64 << 10 else {
            throw HostError("\(path): not a \(what): \(info.st_size) bytes is far more than one holds; give \(fileToGive(what))")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(descriptor, $0 + done, buffer.count - done, off_t(done)) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        guard let text = String(validating: bytes.prefix(done), as: UTF8.self) else {
            throw HostError("\(path): not a \(what): it is not text; give \(fileToGive(what))")
        }
        return text
    }

    /// The file a person gives for `what` ("public key", "secret key", "signature").
    private static func fileToGive(_ what: String) -> String {
        switch what {
        case "public key": return "the .pub file"
        case "secret key": return "the .key file"
        default: return "the .minisig file beside what was signed"
        }
    }
}
