import Foundation
import ViperCore

/// A minisign secret key, decrypted (``Minisign`` has the file format). Keys viper makes are
/// unencrypted (as `minisign -G -W`): the file is the secret, kept mode 0600. Encrypted keys
/// made by `minisign -G` are read with the password from ``passwordVariable`` or, on a terminal,
/// asked for.
package struct MinisignSecretKey: Sendable {
    package let id: [UInt8]
    /// Ed25519's 32-byte seed.
    let seed: [UInt8]
    package let publicKey: MinisignPublicKey

    /// The environment variable that holds an encrypted key's password.
    package static let passwordVariable = "VIPER_SIGNING_PASSWORD"

    /// A new random key pair, or nil when the system cannot give random bytes.
    package static func generate() -> MinisignSecretKey? {
        guard let id = Minisign.randomBytes(8), let seed = Minisign.randomBytes(Ed25519.seedSize),
            let key = Ed25519.publicKey(seed: seed)
        else { return nil }
        return MinisignSecretKey(id: id, seed: seed, publicKey: MinisignPublicKey(id: id, key: key))
    }

    private init(id: [UInt8], seed: [UInt8], publicKey: MinisignPublicKey) {
        self.id = id
        self.seed = seed
        self.publicKey = publicKey
    }

    /// minisign's checksum of a secret key: BLAKE2b-256 of the algorithm, the key id and the secret key.
    private var checksum: [UInt8] { Blake2b.hash(Minisign.algorithm + id + seed + publicKey.key, length: 32) }

    /// The unencrypted key file's text (as `minisign -G -W` writes it).
    package var text: String {
        var bytes = Minisign.algorithm + Minisign.noKDF + Minisign.checksum
        bytes += [UInt8](repeating: 0, count: 32 + 8 + 8)
        bytes += id + seed + publicKey.key + checksum
        return "\(Minisign.untrustedPrefix)minisign secret key \(publicKey.keyID) (unencrypted: keep this file secret)\n"
            + Data(bytes).base64EncodedString() + "\n"
    }

    /// minisign's limits for scrypt (libsodium's "sensitive": 1 GiB of memory), which `minisign -G` uses.
    static let opsLimit: UInt64 = 33_554_432
    static let memLimit: UInt64 = 1_073_741_824

    /// The key file's text encrypted with `password` (as `minisign -G` writes it), or nil when scrypt fails.
    package func encryptedText(password: [UInt8]) -> String? {
        guard let salt = Minisign.randomBytes(32),
            let stream = Ed25519.scrypt(password: password, salt: salt, opsLimit: Self.opsLimit, memLimit: Self.memLimit, count: 104)
        else { return nil }
        let secret = id + seed + publicKey.key + checksum
        var bytes = Minisign.algorithm + Minisign.scrypt + Minisign.checksum + salt
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: Self.opsLimit >> UInt64(shift))) }
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: Self.memLimit >> UInt64(shift))) }
        bytes += zip(secret, stream).map { $0 ^ $1 }
        return "\(Minisign.untrustedPrefix)minisign encrypted secret key \(publicKey.keyID)\n" + Data(bytes).base64EncodedString() + "\n"
    }

    /// Reads the key file's text; `password` is asked for only when the key is encrypted.
    package init(text: String, source: String, password: () throws -> [UInt8]) throws {
        let lines = Minisign.lines(text)
        guard lines.count >= 2, lines[0].hasPrefix(Minisign.untrustedPrefix) else {
            throw HostError("\(source): not a minisign secret key: it must start with '\(Minisign.untrustedPrefix)'; give the .key file")
        }
        guard var bytes = Minisign.decode(lines[1], count: 158) else {
            // A public key given for the secret one is the common slip: say so, and what to give.
            guard Minisign.decode(lines[1], count: 42) == nil else {
                throw HostError("\(source): a minisign public key, not a secret key; give the .key file that 'viper keys new' wrote beside it")
            }
            throw HostError("\(source): damaged minisign secret key: its second line is not the base64 of 158 bytes")
        }
        guard Array(bytes[0..<2]) == Minisign.algorithm, Array(bytes[4..<6]) == Minisign.checksum else {
            throw HostError("\(source): not an Ed25519 minisign secret key (unknown algorithm or checksum)")
        }
        let kdf = Array(bytes[2..<4])
        if kdf == Minisign.scrypt {
            let salt = Array(bytes[6..<38])
            let ops = bytes[38..<46].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let mem = bytes[46..<54].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard mem <= 4 << 30 else {
                throw HostError("\(source): the secret key asks scrypt for \(mem >> 20) MiB; more than viper gives it")
            }
            guard let stream = Ed25519.scrypt(password: try password(), salt: salt, opsLimit: ops, memLimit: mem, count: 104) else {
                throw HostError("\(source): cannot derive the key from the password (scrypt failed; is there 1 GiB of memory free?)")
            }
            for index in 0..<104 { bytes[54 + index] ^= stream[index] }
        } else if kdf != Minisign.noKDF {
            throw HostError("\(source): the secret key uses a key derivation viper does not know")
        }
        id = Array(bytes[54..<62])
        seed = Array(bytes[62..<94])
        let stored = Array(bytes[94..<126])
        // The public half stored with the seed must be the seed's, and an encrypted key's checksum must
        // hold: a wrong password gives neither.
        let storedChecksum = Array(bytes[126..<158])
        let checksumHolds = kdf != Minisign.scrypt || Blake2b.hash(Minisign.algorithm + id + seed + stored, length: 32) == storedChecksum
        guard checksumHolds, let derived = Ed25519.publicKey(seed: seed), derived == stored else {
            throw HostError(
                kdf == Minisign.scrypt
                    ? "\(source): wrong password for this secret key (set \(Self.passwordVariable) or type it again)"
                    : "\(source): damaged minisign secret key: its public half does not match its seed")
        }
        publicKey = MinisignPublicKey(id: id, key: derived)
    }

    /// Reads the key file at `path`; an encrypted key's password comes from ``passwordVariable``
    /// in `environment` or, when standard input is a terminal, from a prompt.
    package static func read(_ path: String, environment: [String: String]) throws -> MinisignSecretKey {
        try MinisignSecretKey(text: try Minisign.readText(path, what: "secret key"), source: path) {
            if let password = environment[passwordVariable] { return Array(password.utf8) }
            guard isatty(STDIN_FILENO) == 1, let typed = getpass("Password for \(path): ") else {
                throw HostError("\(path): the secret key is encrypted; set \(passwordVariable) to its password")
            }
            return Array(String(cString: typed).utf8)
        }
    }
}
