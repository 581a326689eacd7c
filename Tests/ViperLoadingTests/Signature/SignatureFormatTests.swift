import Foundation
import Testing
import ViperTestSupport

@testable import ViperLoading

/// minisign's formats as viper reads and writes them: golden files made by the real minisign
/// (Tests/Fixtures/Signature) verify here, what viper signs verifies under the same rules, and each
/// damaged key or signature is refused with one line naming its file.
@Suite struct SignatureFormatTests {
    static let fixtures = BuildProducts.repository + "/Tests/Fixtures/Signature"

    /// Verifies `signature` of the fixture message with `key`.
    static func verify(_ signature: MinisignSignature, key: MinisignPublicKey, file: String = fixtures + "/message.txt") throws {
        let descriptor = open(file, O_RDONLY)
        defer { close(descriptor) }
        try signature.verify(file: descriptor, key: key, source: file)
    }

    /// The error line `body` throws.
    static func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aSignatureMinisignMadeVerifiesAndItsTrustedCommentNamesThePlugin() throws {
        let key = try MinisignPublicKey.read(Self.fixtures + "/minisign.pub")
        let signature = try MinisignSignature.read(Self.fixtures + "/message.txt.minisign-made.minisig")
        try Self.verify(signature, key: key)
        #expect(signature.prehashed)
        #expect(signature.keyIDText == key.keyID)
        let statement = PluginStatement(comment: signature.trustedComment)
        #expect(statement.plugin == "supplied" && statement.version == "1.0.0" && statement.contracts == "1.7")
    }

    @Test func aLegacySignatureOfTheWholeFileVerifies() throws {
        let key = try MinisignPublicKey.read(Self.fixtures + "/minisign.pub")
        let signature = try MinisignSignature.read(Self.fixtures + "/message.txt.legacy.minisig")
        #expect(!signature.prehashed)
        try Self.verify(signature, key: key)
    }

    @Test func theKeyIDIsPrintedAsMinisignPrintsIt() throws {
        let text = try String(contentsOfFile: Self.fixtures + "/minisign.pub", encoding: .utf8)
        let key = try MinisignPublicKey.read(Self.fixtures + "/minisign.pub")
        #expect(text.hasPrefix("untrusted comment: minisign public key \(key.keyID)\n"))
    }

    @Test func minisignsUnencryptedSecretKeySignsWhatItsPublicKeyVerifies() throws {
        let secret = try MinisignSecretKey.read(Self.fixtures + "/minisign.key", environment: [:])
        let key = try MinisignPublicKey.read(Self.fixtures + "/minisign.pub")
        #expect(secret.publicKey == key)
        let descriptor = open(Self.fixtures + "/message.txt", O_RDONLY)
        defer { close(descriptor) }
        let signature = try MinisignSignature.sign(file: descriptor, key: secret, trustedComment: "plugin:x", untrustedComment: "test")
        let reread = try MinisignSignature(text: signature.text, source: "reread")
        try Self.verify(reread, key: key)
        #expect(reread.trustedComment == "plugin:x")
    }

    @Test func aNewKeyWritesFilesThatReadBackAsTheSameKey() throws {
        let secret = try #require(MinisignSecretKey.generate())
        let reread = try MinisignSecretKey(text: secret.text, source: "new.key") { [] }
        #expect(reread.publicKey == secret.publicKey)
        #expect(try MinisignPublicKey(text: secret.publicKey.text, source: "new.pub") == secret.publicKey)
        #expect(MinisignPublicKey(base64: secret.publicKey.base64) == secret.publicKey)
    }

    @Test func aChangedByteOfTheFileIsRefused() throws {
        let folder = try TemporaryFolder.make("signature")
        let message = try TemporaryFolder.write(Array("a plugin file, as bytes!\n".utf8), to: "message.txt", in: folder)
        let key = try MinisignPublicKey.read(Self.fixtures + "/minisign.pub")
        let signature = try MinisignSignature.read(Self.fixtures + "/message.txt.minisign-made.minisig")
        let line = try #require(Self.refusal { try Self.verify(signature, key: key, file: message) })
        #expect(line.contains("does not match the file") && !line.contains("\n"))
    }

    @Test func aChangedTrustedCommentIsRefused() throws {
        let key = try MinisignPublicKey.read(Self.fixtures + "/minisign.pub")
        let text = try String(contentsOfFile: Self.fixtures + "/message.txt.minisign-made.minisig", encoding: .utf8)
        let forged = try MinisignSignature(text: text.replacingOccurrences(of: "version:1.0.0", with: "version:9.0.0"), source: "forged")
        let line = try #require(Self.refusal { try Self.verify(forged, key: key) })
        #expect(line.contains("trusted comment was changed"))
    }

    @Test func anotherKeyIsRefusedNamingBothKeys() throws {
        let other = try #require(MinisignSecretKey.generate()).publicKey
        let signature = try MinisignSignature.read(Self.fixtures + "/message.txt.minisign-made.minisig")
        let line = try #require(Self.refusal { try Self.verify(signature, key: other) })
        #expect(line.contains(signature.keyIDText) && line.contains(other.keyID))
    }

    /// Each damage to a signature file, and the words its one-line refusal must hold.
    static let damagedSignatures: [(String, String)] = [
        ("", "not a minisign signature"),
        ("untrusted comment: x\nnot base64!\ntrusted comment: t\nAAAA\n", "second line"),
        ("untrusted comment: x\nRURzz+Nw8GUWWA==\ntrusted comment: t\nAAAA\n", "second line"),
        ("untrusted comment: x\n" + String(repeating: "A", count: 100) + "\ntrusted comment: t\nAAAA\n", "second line"),
    ]

    @Test(arguments: 0..<4)
    func aDamagedSignatureIsRefusedWithOneLine(_ index: Int) throws {
        let (text, words) = Self.damagedSignatures[index]
        let line = try #require(Self.refusal { _ = try MinisignSignature(text: text, source: "damaged.minisig") })
        #expect(line.hasPrefix("damaged.minisig: ") && line.contains(words) && !line.contains("\n"), "\(line)")
    }

    @Test func aSignatureWithoutItsTrustedCommentOrGlobalSignatureIsRefused() throws {
        let lines = try String(contentsOfFile: Self.fixtures + "/message.txt.minisign-made.minisig", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let noTrusted = [lines[0], lines[1], "comment: x", lines[3]].joined(separator: "\n")
        #expect(Self.refusal { _ = try MinisignSignature(text: noTrusted, source: "s") }?.contains("third line") == true)
        let badGlobal = [lines[0], lines[1], lines[2], "AAAA"].joined(separator: "\n")
        #expect(Self.refusal { _ = try MinisignSignature(text: badGlobal, source: "s") }?.contains("fourth line") == true)
        let unknown = lines[1].replacingOccurrences(of: "RUR", with: "RXR")
        #expect(Self.refusal { _ = try MinisignSignature(text: [lines[0], unknown, lines[2], lines[3]].joined(separator: "\n"), source: "s") } != nil)
    }

    @Test func aDamagedPublicKeyIsRefusedWithOneLine() throws {
        for text in ["", "untrusted comment: k\n", "untrusted comment: k\nRWQ=\n", "hello\nworld\n"] {
            let line = try #require(Self.refusal { _ = try MinisignPublicKey(text: text, source: "k.pub") }, "\(text)")
            #expect(line.hasPrefix("k.pub: ") && !line.contains("\n"))
        }
    }

    @Test func aDamagedSecretKeyIsRefusedWithOneLine() throws {
        let good = try String(contentsOfFile: Self.fixtures + "/minisign.key", encoding: .utf8)
        let lines = good.split(separator: "\n").map(String.init)
        var bytes = try #require(Data(base64Encoded: lines[1]).map(Array.init))
        bytes[70] ^= 1  // a bit of the seed: the public half no longer matches
        let flipped = lines[0] + "\n" + Data(bytes).base64EncodedString() + "\n"
        for text in ["", "untrusted comment: k\nAAAA\n", flipped] {
            let line = try #require(Self.refusal { _ = try MinisignSecretKey(text: text, source: "k.key") { [] } })
            #expect(line.hasPrefix("k.key: ") && !line.contains("\n"), "\(line)")
        }
    }

    @Test func scryptParametersAreLibsodiumsForMinisignsLimits() {
        let chosen = Ed25519.scryptParameters(opsLimit: 33_554_432, memLimit: 1_073_741_824)
        #expect(chosen.logN == 20 && chosen.r == 8 && chosen.p == 1)
    }

    @Test func aStatementReadsBackFromItsComment() {
        let statement = PluginStatement(plugin: "notes", version: "1.2.0", contracts: "1.7", file: "libNotesPlugin.so", timestamp: 5)
        #expect(PluginStatement(comment: statement.comment) == statement)
        #expect(PluginStatement(comment: "timestamp:1\tfile:x\thashed").plugin == nil)
    }
}

/// The BLAKE2b of minisign's key checksum (BLAKE2b-256, which libcrypto 3.0 lacks), against
/// Python's hashlib.blake2b(digest_size=32), and at 512 bits against libcrypto's.
@Suite struct Blake2bTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func matchesKnownDigests() {
        #expect(Self.hex(Blake2b.hash(Array("abc".utf8), length: 32)) == "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319")
        #expect(Self.hex(Blake2b.hash([], length: 32)) == "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8")
        #expect(Self.hex(Blake2b.hash(Array(0..<200), length: 32)) == "63c3d97a9f8894d5e043a707b0fee7f7ec4c049a23bbf1079df20b4165f9e22d")
        #expect(Self.hex(Blake2b.hash(Array(0..<128), length: 32)) == "c3582f71ebb2be66fa5dd750f80baae97554f3b015663c8be377cfcb2488c1d1")
    }

    @Test(arguments: [0, 1, 127, 128, 129, 300])
    func agreesWithLibcryptoAt512Bits(_ count: Int) throws {
        let message = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(Blake2b.hash(message, length: 64) == (try #require(Blake2b512.digest(message))))
    }
}
