import Foundation
import Testing
import ViperTestSupport

@testable import ViperLoading

/// The check a plugin file with a signature beside it passes before the scanner loads it.
@Suite struct SignatureCheckTests {
    /// A folder with `libX.so` signed by a new key as plugin `x` 1.0.0, and pins naming that key.
    struct Signed {
        let folder: String
        let path: String
        let key: MinisignSecretKey
        var lock: PluginLock

        init(version: String = "1.0.0", pinnedVersion: String? = "1.0.0") throws {
            folder = try TemporaryFolder.make("signed")
            path = try TemporaryFolder.write(Array("plugin bytes".utf8), to: "libX.so", in: folder)
            key = try #require(MinisignSecretKey.generate())
            try Self.sign(path, key: key, version: version)
            lock = PluginLock()
            lock.publishers = ["x": .init(keyID: key.publicKey.keyID, publicKey: key.publicKey.base64, version: pinnedVersion, path: path)]
        }

        static func sign(_ path: String, key: MinisignSecretKey, version: String, name: String = "x") throws {
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            let statement = PluginStatement(plugin: name, version: version, contracts: "1.7", file: "libX.so", timestamp: 1)
            let signature = try MinisignSignature.sign(file: descriptor, key: key, trustedComment: statement.comment, untrustedComment: "t")
            _ = try TemporaryFolder.write(Array(signature.text.utf8), to: Paths.lastComponent(path) + ".minisig", in: Paths.parent(path))
        }

        var check: SignatureCheck { SignatureCheck(pins: PublisherPins(lock: lock, path: "plugins.lock")) }
    }

    @Test func aFileSignedByItsPinnedKeyVerifies() throws {
        let signed = try Signed()
        guard case .verified(let name, let version, let keyID, _) = signed.check.verify(signed.path) else {
            Issue.record("a well-signed file was refused: \(signed.check.verify(signed.path))")
            return
        }
        #expect(name == "x" && version == "1.0.0" && keyID == signed.key.publicKey.keyID)
        #expect(signed.check.recheck(signed.path) == nil)
    }

    @Test func aFileChangedAfterSigningIsRefused() throws {
        let signed = try Signed()
        _ = try TemporaryFolder.write(Array("plugin bytes, changed".utf8), to: "libX.so", in: signed.folder)
        guard case .refused(let line) = signed.check.verify(signed.path) else {
            Issue.record("a changed file was not refused")
            return
        }
        #expect(line.contains("does not match the file"))
    }

    @Test func anUnsignedFileIsUnsignedUnlessTheLockSaysItWasInstalledSigned() throws {
        let signed = try Signed()
        unlink(signed.path + ".minisig")
        #expect(signed.check.verify(signed.path) != .unsigned)
        var other = signed
        other.lock.publishers = [:]
        #expect(other.check.verify(signed.path) == .unsigned)
    }

    @Test func aKeyTheLockDoesNotKnowIsRefused() throws {
        var signed = try Signed()
        signed.lock.publishers = [:]
        guard case .refused(let line) = signed.check.verify(signed.path) else {
            Issue.record("an unknown key was trusted")
            return
        }
        #expect(line.contains(signed.key.publicKey.keyID) && line.contains("does not pin"))
    }

    @Test func anOlderSignedVersionPutBackIsRefusedAtOnceAndAtALaterStart() throws {
        let signed = try Signed(version: "1.0.0", pinnedVersion: "2.0.0")
        guard case .refused(let line) = signed.check.verify(signed.path) else {
            Issue.record("an older version was trusted")
            return
        }
        #expect(line.contains("x 1.0.0") && line.contains("x 2.0.0"))
    }

    @Test func anUnchangedInstalledFileIsRecheckedFromTheLockAloneWithoutReadingItsSignature() throws {
        let signed = try Signed()
        // Its signature gone: the recheck does not read it (the file verified before is unchanged), a verify does.
        unlink(signed.path + ".minisig")
        #expect(signed.check.recheck(signed.path) == nil)
        #expect(signed.check.verify(signed.path) != .unsigned)
    }

    @Test func aSignedFileNotInstalledFromAnIndexIsReadAgainWhileAKeyIsRevoked() throws {
        var signed = try Signed()
        signed.lock.publishers?["x"]?.path = nil
        signed.lock.revoked = .init(keys: [signed.key.publicKey.keyID: "leaked key"])
        #expect(signed.check.recheck(signed.path)?.contains("leaked key") == true)
    }

    @Test func aKeyRevokedAfterVerificationIsRefusedAtTheNextStartWithoutVerifyingAgain() throws {
        var signed = try Signed()
        signed.lock.revoked = .init(keys: [signed.key.publicKey.keyID: "leaked key"])
        #expect(signed.check.recheck(signed.path)?.contains("leaked key") == true)
    }

    @Test func aRevokedDigestIsRefused() throws {
        var signed = try Signed()
        let descriptor = open(signed.path, O_RDONLY)
        let sha256 = try #require(SHA256.hex(ofFile: descriptor))
        close(descriptor)
        signed.lock.revoked = .init(digests: [sha256: "bad build"])
        guard case .refused(let line) = signed.check.verify(signed.path) else {
            Issue.record("a revoked digest was trusted")
            return
        }
        #expect(line.contains("bad build"))
    }

    @Test func aSymlinkedSignatureIsRefused() throws {
        let signed = try Signed()
        rename(signed.path + ".minisig", signed.folder + "/elsewhere.minisig")
        symlink(signed.folder + "/elsewhere.minisig", signed.path + ".minisig")
        guard case .refused(let line) = signed.check.verify(signed.path) else {
            Issue.record("a linked signature was followed")
            return
        }
        #expect(line.contains("not a regular file"))
    }
}
