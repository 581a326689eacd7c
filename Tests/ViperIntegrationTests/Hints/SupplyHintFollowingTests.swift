import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// The supply commands' hints (install, update, rollback, verify, a revoked or changed key),
/// followed as they say on the supply fixture: the plugin then is where the person wanted it.
@Suite(.tags(.slow)) struct SupplyHintFollowingTests {
    @Test func aRollbackWithNothingKeptGetsTheEarlierVersionByTheInstallTheHintNames() throws {
        let fixture = try SupplyFixture.published(["1.0.0", "2.0.0"])
        try fixture.succeed(["plugins", "install", "supplied@2.0.0", "--index", "file://" + fixture.index])
        let refused = try fixture.viper.run(["plugins", "rollback", "supplied"])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("is kept; install one with 'viper plugins install supplied@VERSION'", in: refused.stderr), "\(refused.output)")
        let install = try Hint.command("viper", in: line).map { $0.replacingOccurrences(of: "@VERSION", with: "@1.0.0") }
        #expect(try Hint.run(install, with: fixture.viper).status == 0)
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
    }

    @Test func aPluginCopiedByHandIsUpdatedOnceInstalledFromTheIndexAsTheHintSays() throws {
        let fixture = try SupplyFixture.published(["2.0.0"])
        try fixture.viper.installInUserFolder([try SupplyFixture.plugin("1.0.0")])
        let refused = try fixture.viper.run(["plugins", "update", "supplied"])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("was not installed from an index; install it with 'viper plugins install supplied --index URL'", in: refused.stderr),
                                "\(refused.output)")
        let install = try Hint.command("viper", in: line).map { $0 == "URL" ? "file://" + fixture.index : $0 }
        #expect(try Hint.run(install, with: fixture.viper).status == 0)
        #expect(try fixture.pluginsLine().hasPrefix("supplied 2.0.0  [ready]"))
        #expect(try fixture.viper.run(["plugins", "update", "supplied"]).status == 0, "updates now know its index")
    }

    @Test func aFileSignedByAKeyNothingPinsIsVerifiedWithThePubkeyTheHintAsksFor() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let file = fixture.index + "/supplied/1.0.0/libSupplied.so"
        let refused = try fixture.viper.run(["verify", file])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("which plugins.lock does not pin; give it with --pubkey KEY"), "\(refused.output)")
        let followed = try fixture.viper.run(["verify", file, "--pubkey", fixture.keys + "/viper.pub"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stdout.contains("verified (key \(try fixture.keyID()))"), "\(followed.stdout)")
    }

    @Test func aPluginOfARevokedKeyRemovedAsTheHintSaysLeavesNothingRefused() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        try fixture.succeed(["plugins", "--revoke-key", try fixture.keyID(), "--reason", "key leaked"])
        let refused = try fixture.viper.run(["doctor"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("is revoked (key leaked); remove the plugin or install one signed by another key"), "\(refused.output)")
        try fixture.succeed(["plugins", "remove", "supplied"])
        let followed = try fixture.viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("revoked"), "\(followed.output)")
    }

    /// The index and its publisher move to a new key: each refusal's hint, run as quoted, then
    /// "install again", until the new build is installed.
    @Test func anIndexAndAPublisherThatChangedKeysAreFollowedToTheNewBuild() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let address = "file://" + fixture.index
        try fixture.succeed(["plugins", "install", "supplied", "--index", address])
        // The publisher's new key signs 2.0.0 and the index, built afresh.
        try FileManager.default.removeItem(atPath: fixture.keys)
        try FileManager.default.removeItem(atPath: fixture.index)
        try FileManager.default.createDirectory(atPath: fixture.index, withIntermediateDirectories: true)
        try fixture.succeed(["keys", "new", fixture.keys])
        try fixture.publish("2.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        var hints: [String] = []
        for _ in 0..<3 {
            let attempt = try fixture.viper.run(["plugins", "install", "supplied", "--index", address])
            if attempt.status == 0 { break }
            let line = try #require(Hint.line("changed keys, run 'viper plugins --forget-", in: attempt.stderr), "\(attempt.output)")
            hints.append(line)
            let forget = try Hint.command("viper", in: line)
            #expect(try Hint.run(forget, with: fixture.viper).status == 0, "\(forget)")
        }
        #expect(hints.count == 2 && hints[0].contains("--forget-index \(address)") && hints[1].contains("--forget-key supplied"), "\(hints)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 2.0.0  [ready]"))
    }

    @Test func keysGivenTheWrongWayRoundAreGivenAsTheHintsSay() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let file = fixture.index + "/supplied/1.0.0/libSupplied.so"
        let (secretKey, publicKey) = (fixture.keys + "/viper.key", fixture.keys + "/viper.pub")
        let signed = try fixture.viper.run(["sign", file, "--key", publicKey])
        #expect(signed.status != 0)
        #expect(signed.stderr.contains("a minisign public key, not a secret key; give the .key file"), "\(signed.output)")
        try fixture.succeed(["sign", file, "--key", secretKey])
        let verified = try fixture.viper.run(["verify", file, "--pubkey", secretKey])
        #expect(verified.status != 0)
        #expect(verified.stderr.contains("a minisign secret key, not a public key; give the .pub file beside it"), "\(verified.output)")
        try fixture.succeed(["verify", file, "--pubkey", publicKey])
    }

    @Test func aFileVerifiedWithAnotherKeyIsVerifiedWithThePublishersKeyTheHintNames() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let file = fixture.index + "/supplied/1.0.0/libSupplied.so"
        try fixture.succeed(["keys", "new", fixture.base + "/other"])
        let refused = try fixture.viper.run(["verify", file, "--pubkey", fixture.base + "/other/viper.pub"])
        let line = try #require(Hint.line("; give the publisher's key ", in: refused.stderr), "\(refused.output)")
        #expect(line.hasSuffix("give the publisher's key \(try fixture.keyID())"), "\(line)")
        // The .pub whose key id the hint names.
        try fixture.succeed(["verify", file, "--pubkey", fixture.keys + "/viper.pub"])
    }

    @Test func anAddressThatIsNotAnIndexOneIsGivenAsAFolderAsTheHintSays() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let refused = try fixture.viper.run(["plugins", "search", "suppl", "--index", "ftp://example.org/index"])
        #expect(refused.stderr.contains("not an index address; give a folder, file://PATH or http://127.0.0.1:PORT/PATH"), "\(refused.output)")
        for address in [fixture.index, "file://" + fixture.index] {
            let followed = try fixture.succeed(["plugins", "search", "suppl", "--index", address])
            #expect(followed.stdout.contains("supplied  1.0.0"), "\(followed.stdout)")
        }
    }

    @Test func anIndexBuiltFromAFileOrWithAnUnknownSignerIsBuiltAsTheHintsSay() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let key = fixture.keys + "/viper.key"
        let file = try fixture.viper.run(["index", "build", fixture.index + "/supplied/1.0.0/libSupplied.so", "--key", key])
        #expect(file.stderr.contains("not a folder; give the folder of signed plugins to turn into an index"), "\(file.output)")
        // 2.0.0 signed by a second publisher's key.
        try fixture.succeed(["keys", "new", fixture.base + "/second"])
        let folder = fixture.index + "/supplied/2.0.0"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try SupplyFixture.plugin("2.0.0"), toPath: folder + "/libSupplied.so")
        try fixture.succeed(["sign", folder + "/libSupplied.so", "--key", fixture.base + "/second/viper.key"])
        let refused = try fixture.viper.run(["index", "build", fixture.index, "--key", key])
        let line = try #require(Hint.line("not a publisher of this index; add its .pub to ", in: refused.stderr), "\(refused.output)")
        let keys = try #require(line.components(separatedBy: "add its .pub to ").last?.components(separatedBy: " or give").first, "\(line)")
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture.base + "/second/viper.pub", toPath: keys + "/second.pub")
        try fixture.succeed(["index", "build", fixture.index, "--key", key])
        let found = try fixture.succeed(["plugins", "search", "suppl", "--index", fixture.index])
        #expect(found.stdout.contains("supplied  2.0.0"), "\(found.stdout)")
    }

    @Test func aPluginCopiedByHandIsRemovedByHandAsTheHintSays() throws {
        let fixture = try SupplyFixture()
        let path = try #require(try fixture.viper.installInUserFolder([try SupplyFixture.plugin("1.0.0")]).first)
        let refused = try fixture.viper.run(["plugins", "remove", "supplied"])
        #expect(refused.stderr.contains("was not installed from an index; remove its file from the plugin folder yourself"), "\(refused.output)")
        try FileManager.default.removeItem(atPath: path)
        #expect(!(try fixture.viper.run(["plugins"]).stdout.contains("supplied ")))
    }

    @Test func anOlderInstalledFilePutBackIsReplacedByTheUpdateTheRefusalNames() throws {
        let fixture = try SupplyFixture.published(["1.0.0", "2.0.0"])
        try fixture.succeed(["plugins", "install", "supplied@1.0.0", "--index", "file://" + fixture.index])
        try fixture.succeed(["plugins", "update", "supplied"])
        // The 1.0.0 file and its signature put back by hand.
        let installed = fixture.viper.userPluginFolder + "/libSupplied.so"
        for suffix in ["", ".minisig"] {
            try FileManager.default.removeItem(atPath: installed + suffix)
            try FileManager.default.copyItem(atPath: fixture.index + "/supplied/1.0.0/libSupplied.so" + suffix, toPath: installed + suffix)
        }
        let refused = try fixture.viper.run(["doctor"])
        // ('viper plugins update', which it named before, found 2.0.0 "the newest" and left the old file.)
        let line = try #require(Hint.line("(an older or other file put back?); run 'viper plugins install supplied@2.0.0'", in: refused.output), "\(refused.output)")
        #expect(try Hint.run(try Hint.command("viper", in: line), with: fixture.viper).status == 0)
        #expect(try fixture.pluginsLine().hasPrefix("supplied 2.0.0  [ready]"))
        #expect(try fixture.viper.run(["doctor"]).status == 0)
    }

    @Test func aSignedPluginCopiedByHandLoadsOnceInstalledFromItsIndexAsTheHintSays() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let folder = fixture.index + "/supplied/1.0.0"
        try fixture.viper.installInUserFolder([folder + "/libSupplied.so", folder + "/libSupplied.so.minisig"])
        let refused = try fixture.viper.run(["doctor"])
        let line = try #require(Hint.line("does not pin; install it with 'viper plugins install supplied --index URL'", in: refused.output), "\(refused.output)")
        let install = try Hint.command("viper", in: line).map { $0 == "URL" ? "file://" + fixture.index : $0 }
        #expect(try Hint.run(install, with: fixture.viper).status == 0)
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
        #expect(try fixture.viper.run(["doctor"]).status == 0)
    }

    @Test func aFileThatIsNoKeyIsReplacedByTheKeyFileTheHintAsksFor() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let file = fixture.index + "/supplied/1.0.0/libSupplied.so"
        let notes = try TemporaryFolder.write(Array("my notes\n".utf8), to: "notes.txt", in: fixture.base)  // text, but no key
        // Text that is no key, and the plugin itself (not text) given as the key.
        for (given, problem) in [(notes, "not a minisign public key: it must start with 'untrusted comment: '"), (file, "not a public key: it is not text")] {
            let verified = try fixture.viper.run(["verify", file, "--pubkey", given])
            #expect(verified.stderr.contains(problem + "; give the .pub file"), "\(verified.output)")
        }
        try fixture.succeed(["verify", file, "--pubkey", fixture.keys + "/viper.pub"])
        for (given, problem) in [(notes, "not a minisign secret key: it must start with 'untrusted comment: '"), (file, "not a secret key: it is not text")] {
            let signed = try fixture.viper.run(["sign", file, "--key", given])
            #expect(signed.stderr.contains(problem + "; give the .key file"), "\(signed.output)")
        }
        try fixture.succeed(["sign", file, "--key", fixture.keys + "/viper.key"])
    }

    /// A build signed by the publisher's new key, copied in by hand over the pinned one: the
    /// loader's refusal says to forget the key and install again, from the index that now has it.
    @Test func aPluginSignedByANewKeyLoadsAfterTheForgetKeyAndInstallTheRefusalNames() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        let newer = fixture.base + "/newer"
        try fixture.succeed(["keys", "new", fixture.base + "/rotated"])
        try FileManager.default.createDirectory(atPath: newer + "/supplied/2.0.0", withIntermediateDirectories: true)
        let file = newer + "/supplied/2.0.0/libSupplied.so"
        try FileManager.default.copyItem(atPath: try SupplyFixture.plugin("2.0.0"), toPath: file)
        try fixture.succeed(["sign", file, "--key", fixture.base + "/rotated/viper.key"])
        try fixture.succeed(["index", "build", newer, "--key", fixture.base + "/rotated/viper.key"])
        for suffix in ["", ".minisig"] {
            try FileManager.default.removeItem(atPath: fixture.viper.userPluginFolder + "/libSupplied.so" + suffix)
            try FileManager.default.copyItem(atPath: file + suffix, toPath: fixture.viper.userPluginFolder + "/libSupplied.so" + suffix)
        }
        let refused = try fixture.viper.run(["doctor"])
        let line = try #require(Hint.line("if the publisher changed keys, run 'viper plugins --forget-key supplied' and install it again", in: refused.output),
                                "\(refused.output)")
        #expect(try Hint.run(try Hint.command("viper", in: line), with: fixture.viper).status == 0)
        try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + newer])
        #expect(try fixture.pluginsLine().hasPrefix("supplied 2.0.0  [ready]"))
        #expect(try fixture.viper.run(["doctor"]).status == 0)
    }

    /// An index.json edited by hand into something that is not an index, and signed again: the
    /// install is refused with the publisher's fix; the index rebuilt as quoted, it installs.
    @Test func aDamagedIndexRebuiltAsTheLineSaysInstalls() throws {
        let fixture = try SupplyFixture.published(["1.0.0"])
        let address = "file://" + fixture.index
        try Data("not an index\n".utf8).write(to: URL(fileURLWithPath: fixture.index + "/index.json"))
        try fixture.succeed(["sign", fixture.index + "/index.json", "--key", fixture.keys + "/viper.key"])
        let refused = try fixture.viper.run(["plugins", "install", "supplied", "--index", address])
        #expect(refused.status != 0, "\(refused.output)")
        let line = try #require(Hint.line("damaged index file", in: refused.stderr), "\(refused.output)")
        #expect(Hint.subject(of: line) == address + "/index.json", "\(line)")

        // The quoted command, FOLDER and KEY as the line explains them.
        let rebuild = try Hint.command("viper", in: line).map { word in
            word == "FOLDER" ? fixture.index : word == "KEY" ? fixture.keys + "/viper.key" : word
        }
        #expect(rebuild.dropFirst().prefix(2) == ["index", "build"], "\(rebuild)")
        #expect(try Hint.run(rebuild, with: fixture.viper).status == 0, "\(rebuild)")
        try fixture.succeed(["plugins", "install", "supplied", "--index", address])
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
    }
}
