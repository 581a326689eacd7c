import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// The supply commands' hints (install, update, rollback, verify, a revoked or changed key),
/// followed as they say on the supply fixture: the plugin then is where the person wanted it.
@Suite(.tags(.slow)) struct SupplyHintFollowingTests {
    /// A fixture with its key made and `versions` published in an index built and signed with it.
    private func published(_ versions: [String]) throws -> SupplyFixture {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        for version in versions {
            try fixture.publish(version)
        }
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        return fixture
    }

    @Test func aRollbackWithNothingKeptGetsTheEarlierVersionByTheInstallTheHintNames() throws {
        let fixture = try published(["1.0.0", "2.0.0"])
        try fixture.succeed(["plugins", "install", "supplied@2.0.0", "--index", "file://" + fixture.index])
        let refused = try fixture.viper.run(["plugins", "rollback", "supplied"])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("is kept; install one with 'viper plugins install supplied@VERSION'", in: refused.stderr), "\(refused.output)")
        let install = try Hint.command("viper", in: line).map { $0.replacingOccurrences(of: "@VERSION", with: "@1.0.0") }
        #expect(try Hint.run(install, with: fixture.viper).status == 0)
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
    }

    @Test func aPluginCopiedByHandIsUpdatedOnceInstalledFromTheIndexAsTheHintSays() throws {
        let fixture = try published(["2.0.0"])
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
        let fixture = try published(["1.0.0"])
        let file = fixture.index + "/supplied/1.0.0/libSupplied.so"
        let refused = try fixture.viper.run(["verify", file])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("which plugins.lock does not pin; give it with --pubkey KEY"), "\(refused.output)")
        let followed = try fixture.viper.run(["verify", file, "--pubkey", fixture.keys + "/viper.pub"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stdout.contains("verified (key \(try fixture.keyID()))"), "\(followed.stdout)")
    }

    @Test func aPluginOfARevokedKeyRemovedAsTheHintSaysLeavesNothingRefused() throws {
        let fixture = try published(["1.0.0"])
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
        let fixture = try published(["1.0.0"])
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
}
