import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// What viper says about keys and signature files that are not what it needs, followed as it
/// says on the supply fixture: a folder or a huge file given as the key ("give the file itself",
/// "give the .pub file"), an installed plugin's signature replaced by a link ("put the file
/// itself there") or deleted ("run 'viper plugins install NAME@VERSION'"), a build whose digest
/// the index revoked ("remove the plugin or update it"), and an index missing a file ("rebuild
/// the index").
@Suite(.tags(.slow)) struct SignatureHintFollowingTests {
    @Test func aKeyGivenAsAFolderOrAHugeFileIsGivenAsTheFileTheHintAsksFor() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let file = fixture.index + "/supplied/1.0.0/libSupplied.so"
        let huge = try TemporaryFolder.write([UInt8](repeating: 0x41, count: 1 << 20), to: "big.pub", in: fixture.base)
        for (given, hint) in [(fixture.keys, "the public key is not a regular file; give the file itself"),
                              (huge, "bytes is far more than one holds; give the .pub file")] {
            let refused = try fixture.viper.run(["verify", file, "--pubkey", given])
            #expect(refused.status != 0)
            let line = try #require(Hint.line(hint, in: refused.stderr), "\(refused.output)")
            #expect(line.contains(given), "\(line)")
        }
        // The file itself, the .pub in the folder that was given.
        let followed = try fixture.viper.run(["verify", file, "--pubkey", fixture.keys + "/viper.pub"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stdout.contains("verified (key \(try fixture.keyID()))"), "\(followed.stdout)")
    }

    @Test func anInstalledSignatureReplacedByALinkLoadsOnceTheFileItselfIsPutThere() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        let signature = fixture.viper.userPluginFolder + "/libSupplied.so.minisig"
        let kept = fixture.base + "/kept.minisig"
        try FileManager.default.moveItem(atPath: signature, toPath: kept)
        try FileManager.default.createSymbolicLink(atPath: signature, withDestinationPath: kept)
        // A fresh scan: the plugin cache would otherwise serve the descriptor it holds.
        try? FileManager.default.removeItem(atPath: fixture.viper.dataFolder + "/plugin-cache")
        let refused = try fixture.viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("the signature is not a regular file (a link?); put the file itself there", in: refused.output),
                                "\(refused.output)")
        #expect(line.contains(signature), "\(line)")
        // The file the link pointed at, put in the link's place.
        try FileManager.default.removeItem(atPath: signature)
        try FileManager.default.moveItem(atPath: kept, toPath: signature)
        let followed = try fixture.viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
    }

    @Test func anInstalledSignatureDeletedIsPutBackByTheInstallTheRefusalNames() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        try FileManager.default.removeItem(atPath: fixture.viper.userPluginFolder + "/libSupplied.so.minisig")
        // A fresh scan: the plugin cache would otherwise serve the descriptor it holds.
        try? FileManager.default.removeItem(atPath: fixture.viper.dataFolder + "/plugin-cache")
        let refused = try fixture.viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("was installed signed, but ", in: refused.output), "\(refused.output)")
        let update = try Hint.command("viper", in: line)
        #expect(update == ["viper", "plugins", "install", "supplied@1.0.0"], "\(line)")
        let ran = try Hint.run(update, with: fixture.viper)
        #expect(ran.status == 0, "\(ran.output)")
        let followed = try fixture.viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: fixture.viper.userPluginFolder + "/libSupplied.so.minisig"))
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
    }

    /// The installed build's SHA-256 revoked by its index: "remove the plugin or update it", each
    /// followed (the update once the publisher has a newer build in the index).
    @Test(arguments: ["remove", "update"])
    func aPluginWhoseDigestTheIndexRevokedIsRemovedOrUpdatedAsTheRefusalSays(fix: String) throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        let installed = fixture.viper.userPluginFolder + "/libSupplied.so"
        let digest = try #require(try Subprocess.tool(["sha256sum", installed]).stdout.split(separator: " ").first.map(String.init))
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key", "--revoke-digest", digest])
        // The client reads the revocation with the index (the update finds nothing newer).
        try fixture.succeed(["plugins", "update"])
        let refused = try fixture.viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("refused: its SHA-256 \(digest.prefix(16))… is revoked (", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("; remove the plugin or update it"), "\(line)")
        if fix == "remove" {
            try fixture.succeed(["plugins", "remove", "supplied"])
        } else {
            try fixture.publish("2.0.0")
            try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
            try fixture.succeed(["plugins", "update", "supplied"])
            #expect(try fixture.pluginsLine().hasPrefix("supplied 2.0.0  [ready]"))
        }
        let followed = try fixture.viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("is revoked"), "\(followed.output)")
    }

    /// With revocations in the lock, a deleted signature is found by the revocation check first:
    /// its line names the same reinstall, which puts the signed file back.
    @Test func aDeletedSignatureWithRevocationsInTheLockIsPutBackByTheInstallTheRefusalNames() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        let other = String(repeating: "ab", count: 32)  // a digest of no file here: revocations exist, this build is not revoked
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key", "--revoke-digest", other])
        try fixture.succeed(["plugins", "update"])
        try FileManager.default.removeItem(atPath: fixture.viper.userPluginFolder + "/libSupplied.so.minisig")
        let refused = try fixture.viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("was installed signed, but ", in: refused.output), "\(refused.output)")
        #expect(line.contains("is missing or damaged; "), "\(line)")
        let install = try Hint.command("viper", in: line)
        #expect(install == ["viper", "plugins", "install", "supplied@1.0.0"], "\(line)")
        #expect(try Hint.run(install, with: fixture.viper).status == 0)
        let followed = try fixture.viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
    }

    /// An index whose newest build lost its file: "missing from the index; rebuild the index",
    /// done by the publisher, gives an index the install works from again.
    @Test func anIndexMissingAFileIsRebuiltAsTheErrorSaysAndInstallsAgain() throws {
        let fixture = try SupplyFixture.published(["1.0.0", "2.0.0"])
        try FileManager.default.removeItem(atPath: fixture.index + "/supplied/2.0.0/libSupplied.so")
        let refused = try fixture.viper.run(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("missing from the index (", in: refused.stderr), "\(refused.output)")
        #expect(line.contains("supplied/2.0.0/libSupplied.so") && line.hasSuffix("; rebuild the index"), "\(line)")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
        #expect(try fixture.viper.run(["doctor"]).status == 0)
    }
}
