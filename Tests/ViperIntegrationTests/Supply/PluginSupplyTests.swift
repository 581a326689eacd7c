import Foundation
import Testing
import ViperTestSupport

/// Plugins that come from somewhere, all through the built viper: a publisher makes a key, signs two
/// versions of a plugin and builds an index; a person installs from it over file:// and over HTTP on
/// the loopback, updates, rolls back, is refused a replayed older index, and revokes the key.
@Suite(.serialized, .tags(.slow)) struct PluginSupplyTests {
    @Test func publishInstallUpdateRollBackReplayAndRevoke() throws {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        let keyID = try fixture.keyID()

        // Version 1, published and installed over file://.
        try fixture.publish("1.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        let firstRoot = try Data(contentsOf: URL(fileURLWithPath: fixture.index + "/index.json"))
        let firstSignature = try Data(contentsOf: URL(fileURLWithPath: fixture.index + "/index.json.minisig"))
        let search = try fixture.succeed(["plugins", "search", "suppl", "--index", "file://" + fixture.index])
        #expect(search.stdout.contains("supplied  1.0.0"))
        let installed = try fixture.succeed(["plugins", "install", "supplied", "--index", "file://" + fixture.index])
        #expect(installed.stdout.contains("Installed supplied 1.0.0 (key \(keyID))"))
        #expect(installed.stdout.contains("supplied runs in process (trusted by you; 'viper plugins --untrust supplied' takes that back)"), "\(installed.output)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
        let lock = try String(contentsOfFile: fixture.viper.dataFolder + "/plugins.lock", encoding: .utf8)
        #expect(lock.contains(keyID), "the publisher key is pinned on first install")

        // Version 2, published; updated over HTTP on the loopback.
        try fixture.publish("2.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        let server = try StaticServer(folder: fixture.index)
        let updated = try fixture.succeed(["plugins", "update", "--index", server.url])
        #expect(updated.stdout.contains("Updated supplied 1.0.0 → 2.0.0"))
        #expect(updated.stdout.contains("supplied runs in process (trusted by you"), "\(updated.output)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 2.0.0  [ready]"))

        // Rollback is offline: the index folder is gone while it runs.
        try FileManager.default.moveItem(atPath: fixture.index, toPath: fixture.index + ".away")
        let listed = try fixture.viper.run(["plugins"]).stdout
        #expect(listed.contains("  publisher: key \(keyID) (pinned), from \(server.url); kept for rollback: 1.0.0"), "\(listed)")
        let rolled = try fixture.succeed(["plugins", "rollback", "supplied"])
        #expect(rolled.stdout.contains("from 2.0.0 to 1.0.0"))
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
        let rolledLock = try String(contentsOfFile: fixture.viper.dataFolder + "/plugins.lock", encoding: .utf8)
        #expect(rolledLock.contains("\"version\" : \"1.0.0\""), "the lock follows the rollback")
        try FileManager.default.moveItem(atPath: fixture.index + ".away", toPath: fixture.index)

        // The first index, replayed at the same address: refused, and nothing changes.
        try firstRoot.write(to: URL(fileURLWithPath: fixture.index + "/index.json"))
        try firstSignature.write(to: URL(fileURLWithPath: fixture.index + "/index.json.minisig"))
        let replayed = try fixture.viper.run(["plugins", "update", "--index", "file://" + fixture.index])
        #expect(replayed.status == 1)
        #expect(replayed.stderr.contains("serial 1 is lower than 2"), "\(replayed.output)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))

        // The key revoked locally: refused at the next start, with a line naming the revocation.
        try fixture.succeed(["plugins", "--revoke-key", keyID, "--reason", "key leaked"])
        let refused = try fixture.viper.run(["plugins"]).output
        #expect(refused.contains("publisher key \(keyID) is revoked (key leaked)"), "\(refused)")
    }

    @Test func anUpdateReachesARunningViperAtItsNextReload() throws {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        try fixture.publish("1.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", fixture.index])
        let shell = try RunningViper(environment: fixture.viper.environment)
        defer { shell.close() }
        shell.send("plugins")
        try shell.waitFor("supplied 1.0.0  [ready]")
        try fixture.publish("2.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        // Remembered from the install: no --index this time.
        try fixture.succeed(["plugins", "update"])
        shell.send("reload")
        shell.send("plugins")
        try shell.waitFor("reloaded supplied (version 2")
        try shell.waitFor("supplied 2.0.0  [loaded]")
        #expect(!shell.printed.contains("refused"), "\(shell.printed)")
    }

    @Test func aKeyTheIndexRevokesIsRefusedAtTheNextStartEvenWithNothingToUpdate() throws {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        let keyID = try fixture.keyID()
        try fixture.publish("1.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", fixture.index])
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key", "--revoke-key", keyID])
        let update = try fixture.succeed(["plugins", "update"])
        #expect(update.stdout.contains("supplied 1.0.0 is the newest"), "\(update.output)")
        let output = try fixture.viper.run(["plugins"]).output
        #expect(output.contains("publisher key \(keyID) is revoked (revoked by the index"), "\(output)")
    }

    @Test func aTamperedInstalledPluginIsRefusedBeforeItsCodeRuns() throws {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        try fixture.publish("1.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        let server = try StaticServer(folder: fixture.index)
        try fixture.succeed(["plugins", "install", "supplied", "--index", server.url])
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
        // Another build of the plugin (version 2's bytes) under version 1's signature.
        let installed = (fixture.viper.dataFolder as NSString).deletingLastPathComponent + "/xdg/viper/plugins/libSupplied.so"
        try FileManager.default.removeItem(atPath: installed)
        try FileManager.default.copyItem(atPath: try SupplyFixture.plugin("2.0.0"), toPath: installed)
        let output = try fixture.viper.run(["plugins"]).output
        #expect(output.contains("the signature does not match the file"), "\(output)")
    }

    @Test func installingAPluginInstallsTheProviderOfWhatItRequires() throws {
        let fixture = try SupplyFixture(trusting: [])
        try fixture.succeed(["keys", "new", fixture.keys])
        for (built, folder) in [(try Fixtures.consumer(), "consumer"), (try Fixtures.english(), "english")] {
            try FileManager.default.createDirectory(atPath: fixture.index + "/" + folder, withIntermediateDirectories: true)
            let copy = fixture.index + "/\(folder)/" + (built as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: built, toPath: copy)
            try fixture.succeed(["sign", copy, "--key", fixture.keys + "/viper.key"])
        }
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        let installed = try fixture.succeed(["plugins", "install", "fixture-consumer", "--index", fixture.index])
        #expect(installed.stdout.contains("Installed fixture-consumer 0.1.0") && installed.stdout.contains("Installed fixture-english 0.1.0"))
        // Both serve or use another plugin's service: install says they are not loaded until trusted, and how to.
        for name in ["fixture-consumer", "fixture-english"] {
            #expect(
                installed.stdout.contains("plugin '\(name)' in the user plugin folder is not loaded: ")
                    && installed.stdout.contains("if you trust it, run: viper plugins --trust \(name)\n"), "\(installed.output)")
        }
        let untrusted = try fixture.viper.run(["plugins"]).stdout
        #expect(untrusted.contains("fixture-consumer 0.1.0  [disabled]") && untrusted.contains("fixture-english 0.1.0  [disabled]"), "\(untrusted)")
        try fixture.succeed(["plugins", "--trust", "fixture-consumer", "--trust", "fixture-english"])
        let plugins = try fixture.viper.run(["plugins"]).stdout
        #expect(plugins.contains("fixture-consumer 0.1.0  [ready]") && plugins.contains("fixture-english 0.1.0  [ready]"), "\(plugins)")
    }

    @Test func lockingAndUnlockingKeepThePublisherPinned() throws {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        let keyID = try fixture.keyID()
        try fixture.publish("1.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", fixture.index])
        let lockPath = fixture.viper.dataFolder + "/plugins.lock"
        try fixture.succeed(["plugins", "--lock"])
        let locked = try String(contentsOfFile: lockPath, encoding: .utf8)
        #expect(locked.contains("libSupplied.so") && locked.contains(keyID), "\(locked)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
        try fixture.succeed(["plugins", "--unlock"])
        let unlocked = try String(contentsOfFile: lockPath, encoding: .utf8)
        #expect(unlocked.contains(keyID) && unlocked.contains("\"pinsFiles\" : false"), "\(unlocked)")
        #expect(try fixture.pluginsLine().hasPrefix("supplied 1.0.0  [ready]"))
    }

    /// The attack: hostile code (a constructor that prints and crashes) put in place of a signed
    /// plugin, under its signature. Unsigned, the same file's constructor runs in the scanner (the
    /// control); in place of the signed plugin, it is refused before the scanner loads it.
    @Test func hostileCodeUnderAnotherPluginsSignatureNeverRuns() throws {
        let hostile = try FixtureCompiler.cPlugin(named: "Hostile", source: """
            #include <signal.h>
            #include <stdio.h>
            __attribute__((constructor)) static void hostile(void) {
                fprintf(stderr, "hostile code ran\\n");
                fflush(stderr);
                raise(SIGSEGV);
            }
            """)
        let fixture = try SupplyFixture()
        let control = try TemporaryFolder.make("hostile")
        try FileManager.default.copyItem(atPath: hostile, toPath: control + "/libHostile.so")
        let unsigned = try fixture.viper.run(["plugins", "--plugins", control]).output
        #expect(unsigned.contains("after printing 'hostile code ran'"), "the control: unsigned, its constructor runs in the scanner\n\(unsigned)")

        try fixture.succeed(["keys", "new", fixture.keys])
        try fixture.publish("1.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        try fixture.succeed(["plugins", "install", "supplied", "--index", fixture.index])
        let installed = (fixture.viper.dataFolder as NSString).deletingLastPathComponent + "/xdg/viper/plugins/libSupplied.so"
        try FileManager.default.removeItem(atPath: installed)
        try FileManager.default.copyItem(atPath: hostile, toPath: installed)
        let output = try fixture.viper.run(["plugins", "--rescan"]).output
        #expect(output.contains("the signature does not match the file"), "\(output)")
        #expect(!output.contains("hostile code ran"), "\(output)")
    }

    @Test func anIndexFileThatDoesNotMatchItsDigestInstallsNothing() throws {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        try fixture.publish("1.0.0")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        // The plugin file swapped after the index was built (signature and all).
        try fixture.publish("2.0.0")
        try FileManager.default.removeItem(atPath: fixture.index + "/supplied/1.0.0/libSupplied.so")
        try FileManager.default.copyItem(atPath: fixture.index + "/supplied/2.0.0/libSupplied.so", toPath: fixture.index + "/supplied/1.0.0/libSupplied.so")
        let result = try fixture.viper.run(["plugins", "install", "supplied", "--index", fixture.index])
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not match the digest the signed index gives"), "\(result.output)")
        let folder = (fixture.viper.dataFolder as NSString).deletingLastPathComponent + "/xdg/viper/plugins"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "nothing installed half")
    }
}

/// Files signed by viper verify with Debian's minisign, and files minisign signs verify with viper.
@Suite(.serialized) struct MinisignInteropTests {
    static let minisign = ["/usr/bin/minisign", "/usr/local/bin/minisign"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: minisign != nil, "minisign is not installed (apt-get install minisign; .ci/run installs it)"))
    func viperSignsWhatMinisignVerifiesAndTheOtherWay() throws {
        let minisign = try #require(Self.minisign)
        let fixture = try SupplyFixture()
        let file = fixture.base + "/message.txt"
        try "interop\n".write(toFile: file, atomically: true, encoding: .utf8)

        // viper → minisign
        try fixture.succeed(["keys", "new", fixture.keys])
        try fixture.succeed(["sign", file, "--key", fixture.keys + "/viper.key"])
        let verified = try Subprocess.run(minisign, ["-Vm", file, "-p", fixture.keys + "/viper.pub"])
        #expect(verified.status == 0, "\(verified.output)")
        #expect(verified.output.contains("Signature and comment signature verified"))

        // minisign → viper, with minisign's own key (unencrypted) and a trusted comment of its own.
        let generated = try Subprocess.run(minisign, ["-G", "-W", "-p", fixture.base + "/m.pub", "-s", fixture.base + "/m.key"])
        #expect(generated.status == 0, "\(generated.output)")
        let signed = try Subprocess.run(minisign, ["-Sm", file, "-s", fixture.base + "/m.key", "-x", fixture.base + "/m.minisig", "-t", "from minisign"])
        #expect(signed.status == 0, "\(signed.output)")
        let checked = try fixture.succeed(["verify", file, "--pubkey", fixture.base + "/m.pub", "--signature", fixture.base + "/m.minisig"])
        #expect(checked.stdout.contains("Trusted comment: from minisign"))

        // And viper signs with minisign's key: minisign verifies that too.
        try fixture.succeed(["sign", file, "--key", fixture.base + "/m.key", "--output", fixture.base + "/v.minisig"])
        let back = try Subprocess.run(minisign, ["-Vm", file, "-p", fixture.base + "/m.pub", "-x", fixture.base + "/v.minisig"])
        #expect(back.status == 0, "\(back.output)")

        // A changed byte is refused by both.
        try "interop!\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Subprocess.run(minisign, ["-Vm", file, "-p", fixture.keys + "/viper.pub"]).status != 0)
        #expect(try fixture.viper.run(["verify", file, "--pubkey", fixture.keys + "/viper.pub"]).status == 1)
    }
}

/// Each supply command owns its help, and `viper help WORDS` shows the same text.
@Suite struct SupplyHelpTests {
    @Test(arguments: [["sign"], ["verify"], ["keys"], ["index", "build"], ["plugins", "install"], ["plugins", "update"],
                      ["plugins", "rollback"], ["plugins", "remove"], ["plugins", "search"], ["plugins", "--revoke-key"]])
    func eachCommandHasItsOwnHelp(_ words: [String]) throws {
        let viper = ViperProcess()
        let result = try viper.run(words + ["--help"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("viper \(words.joined(separator: " ")): "), "\(result.stdout)")
        #expect(result.stdout.contains("Usage: viper \(words.joined(separator: " "))"))
        if words != ["plugins", "--revoke-key"] {
            #expect(try viper.run(["help"] + words).stdout == result.stdout)
        }
        #expect(try viper.run(["--help"]).stdout.contains("  \(words.joined(separator: " ")) "))
    }

    @Test func aWrongCommandLineSaysWhatIsWrongInOneLine() throws {
        let viper = ViperProcess()
        let missingKey = try viper.run(["sign", "/tmp/x"])
        #expect(missingKey.status == 64 && missingKey.stderr == "viper: sign: give the secret key with --key SECRET_KEY (make one with 'viper keys new DIR')\n")
        let unknown = try viper.run(["plugins", "install", "x", "--bogus"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown option '--bogus'"))
        let badKey = try viper.run(["plugins", "--revoke-key", "XYZ"])
        #expect(badKey.status == 64 && badKey.stderr.contains("16 hex digits"))
    }
}

/// A contract library travels in the index too: installing a plugin that links one installs it.
@Suite(.serialized, .tags(.slow)) struct ContractLibrarySupplyTests {
    @Test func installingAPluginInstallsTheContractLibraryItLinksAndItsProvider() throws {
        let fixture = try SupplyFixture(trusting: ["welcome-consumer", "welcome-provider"])
        try fixture.succeed(["keys", "new", fixture.keys])
        let library = try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"
        let files = [
            (library, "library"), (try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"), "provider"),
            (try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"), "consumer"),
        ]
        for (built, folder) in files {
            try FileManager.default.createDirectory(atPath: fixture.index + "/" + folder, withIntermediateDirectories: true)
            let copy = fixture.index + "/\(folder)/" + (built as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: built, toPath: copy)
            try fixture.succeed(["sign", copy, "--key", fixture.keys + "/viper.key", "--library", library])
        }
        let signature = try String(contentsOfFile: fixture.index + "/library/libFixtureWelcome.so.minisig", encoding: .utf8)
        #expect(signature.contains("plugin:FixtureWelcome\tversion:1.0"), "\(signature)")
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        let installed = try fixture.succeed(["plugins", "install", "welcome-consumer", "--index", fixture.index])
        #expect(installed.stdout.contains("Installed FixtureWelcome 1.0"), "\(installed.output)")
        #expect(installed.stdout.contains("Installed welcome-provider 1.0.0"), "\(installed.output)")
        let plugins = try fixture.viper.run(["plugins"]).stdout
        #expect(plugins.contains("welcome-consumer 1.0.0  [ready]") && plugins.contains("welcome-provider 1.0.0  [ready]"), "\(plugins)")

        // Another build of the library under the installed one's signature: refused, and the plugins that need it with it.
        let installedLibrary = (fixture.viper.dataFolder as NSString).deletingLastPathComponent + "/xdg/viper/plugins/libFixtureWelcome.so"
        try FileManager.default.removeItem(atPath: installedLibrary)
        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.library(minor: 1) + "/libFixtureWelcome.so", toPath: installedLibrary)
        let refused = try fixture.viper.run(["plugins"]).output
        #expect(refused.contains("the signature does not match the file"), "\(refused)")
        let opened = try fixture.viper.run(["-c", "open lobby"])
        #expect(opened.status != 0, "the plugin that links the refused library does not run: \(opened.output)")
    }
}
