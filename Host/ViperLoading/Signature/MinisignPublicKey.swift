import Foundation
import ViperCore

/// A minisign public key: its 8-byte id and its Ed25519 key (``Minisign`` has the file format).
package struct MinisignPublicKey: Hashable, Sendable {
    package let id: [UInt8]
    package let key: [UInt8]

    package init(id: [UInt8], key: [UInt8]) {
        self.id = id
        self.key = key
    }

    /// The id as minisign prints it (16 upper-case hex digits).
    package var keyID: String { Minisign.keyID(id) }

    /// The key's one base64 line (what `minisign -P` takes).
    package var base64: String { Data(Minisign.algorithm + id + key).base64EncodedString() }

    /// The key file's text.
    package var text: String { "\(Minisign.untrustedPrefix)minisign public key \(keyID)\n\(base64)\n" }

    /// Reads a key from its base64 line alone, or nil when it is not one.
    package init?(base64 line: String) {
        guard let bytes = Minisign.decode(line, count: 42), Array(bytes[0..<2]) == Minisign.algorithm else { return nil }
        id = Array(bytes[2..<10])
        key = Array(bytes[10..<42])
    }

    /// Reads the key file's text; `source` names it in the error.
    package init(text: String, source: String) throws {
        let lines = Minisign.lines(text)
        // minisign's -P form (the base64 line alone) is accepted as well as the file.
        if lines.count >= 1, !lines[0].hasPrefix(Minisign.untrustedPrefix), let key = MinisignPublicKey(base64: lines[0]) {
            self = key
            return
        }
        guard lines.count >= 2, lines[0].hasPrefix(Minisign.untrustedPrefix) else {
            throw HostError("\(source): not a minisign public key: it must start with '\(Minisign.untrustedPrefix)'; give the .pub file")
        }
        guard let bytes = Minisign.decode(lines[1], count: 42) else {
            // A secret key given for the public one is the common slip: say so, and what to give.
            guard Minisign.decode(lines[1], count: 158) == nil else {
                throw HostError("\(source): a minisign secret key, not a public key; give the .pub file beside it (never hand out the .key)")
            }
            throw HostError("\(source): damaged minisign public key: its second line is not the base64 of 42 bytes")
        }
        guard Array(bytes[0..<2]) == Minisign.algorithm else {
            throw HostError("\(source): not an Ed25519 minisign public key (algorithm '\(String(decoding: bytes[0..<2], as: UTF8.self))')")
        }
        id = Array(bytes[2..<10])
        key = Array(bytes[10..<42])
    }

    /// Reads the key file at `path`.
    package static func read(_ path: String) throws -> MinisignPublicKey {
        try MinisignPublicKey(text: try Minisign.readText(path, what: "public key"), source: path)
    }
}
