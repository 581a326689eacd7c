import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// Refused command lines whose hint names the fix (`graph --output`, `plugins --profile`, an
/// install run by the installed viper), followed as they say: the command then works.
@Suite struct CommandHintFollowingTests {
    @Test func aGraphThatCannotBeWrittenIsWrittenToTheWritablePathTheHintAsksFor() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["graph", "--format", "dot", "--output", "/nonexistent-folder/graph.dot"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("; choose a writable path with --output"), "\(refused.stderr)")
        let output = try TemporaryFolder.make("hint-graph") + "/graph.dot"
        let followed = try viper.run(["graph", "--format", "dot", "--output", output])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("digraph"))
    }

    @Test func aProfileWithALockIsRunApartAsTheHintSays() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["plugins", "--profile", "--lock"])
        #expect(refused.status == 64)
        #expect(refused.stderr == "viper: 'viper plugins --profile' takes no --lock, --unlock or --enable; run them apart\n", "\(refused.stderr)")
        #expect(try viper.run(["plugins", "--profile"]).status == 0)
        #expect(try viper.run(["plugins", "--lock"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: viper.dataFolder + "/plugins.lock"))
    }

    /// `viper plugins` asked two contrary things of one name, or a mode change with a lock:
    /// "choose one" (the first of the two is chosen) or "run them apart"; done so, each runs.
    @Test(arguments: [
        (["--trust", "greeter", "--isolate", "greeter"], "cannot --trust and --isolate 'greeter' at once; choose one"),
        (["--isolate", "greeter", "--no-isolate", "greeter"], "was asked to add and remove 'greeter' at once; choose one"),
        (["--isolate", "greeter", "--lock"], "takes no --lock, --unlock, --enable or --profile; run them apart"),
    ])
    func aPluginsLineAskingTwoThingsRunsAsTheHintSays(words: [String], hint: String) throws {
        let viper = ViperProcess()
        let refused = try viper.run(["plugins"] + words)
        #expect(refused.status == 64, "\(refused.output)")
        #expect(refused.stderr.hasSuffix(hint + "\n"), "\(refused.stderr)")
        let apart = hint.hasSuffix("run them apart") ? [Array(words.prefix(2)), Array(words.dropFirst(2))] : [Array(words.prefix(2))]
        for part in apart {
            let followed = try viper.run(["plugins"] + part)
            #expect(followed.status == 0, "\(part): \(followed.output)")
        }
        // The option chosen is in config.json: greeter trusted, or isolated (which `plugins` shows).
        let config = try String(contentsOfFile: viper.dataFolder + "/config.json", encoding: .utf8)
        #expect(config.contains(words[0] == "--trust" ? "\"trust\"" : "\"isolate\"") && config.contains("greeter"), "\(config)")
        if words[0] == "--isolate" {
            #expect(try viper.run(["plugins"]).stdout.contains("isolated (named in \"isolate\" in config.json;"))
        }
        if apart.count == 2 { #expect(FileManager.default.fileExists(atPath: viper.dataFolder + "/plugins.lock")) }
    }
}

/// A mistyped command or option, followed with the word the hint suggests.
@Suite struct SuggestionHintFollowingTests {
    @Test(arguments: [["doctr"], ["plugins", "--jsn"], ["graph", "--fromat", "dot"]])
    func aMistypedWordIsReplacedByTheOneTheHintSuggests(words: [String]) throws {
        let viper = ViperProcess()
        let refused = try viper.run(words)
        #expect(refused.status == 64)
        let line = try #require(Hint.line("; did you mean '", in: refused.stderr), "\(refused.stderr)")
        // "unknown command 'doctr'; did you mean 'doctor'? see ...": the first quoted word is the wrong one.
        let wrong = try #require(Hint.commands(in: line).first?.joined(separator: " "), "\(line)")
        let near = try #require(line.components(separatedBy: "did you mean '").last?.components(separatedBy: "'").first, "\(line)")
        let followed = try viper.run(words.map { $0 == wrong ? near : $0 })
        #expect(followed.status == 0, "\(line)\n\(followed.output)")
    }

    @Test func aCommandOfTheModuleBelowWorksAfterTheBackTheHintNames() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["-c", "open todo; open hello; add Milk"])
        let line = try #require(Hint.line("is a command of To do, below this screen; type 'back', then 'add ", in: refused.output), "\(refused.output)")
        let followed = try viper.run(["-c", "open todo; open hello; back; add Milk"])
        #expect(!followed.output.contains("below this screen"), "\(line)\n\(followed.output)")
        #expect(followed.stdout.contains("Milk"), "\(followed.stdout)")
    }

    @Test func aGraphFormatThatNeedsDotIsWrittenAsDotAsTheHintSays() throws {
        var viper = ViperProcess()
        viper.environment["PATH"] = "/nonexistent"
        let refused = try viper.run(["graph", "--format", "svg"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("which is not on PATH; install it (apt-get install graphviz), or use --format dot"), "\(refused.stderr)")
        let followed = try viper.run(["graph", "--format", "dot"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stdout.hasPrefix("digraph"), "\(followed.stdout)")
    }

    @Test func checksInternalCommandRunsAsTheCheckTheHintNames() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["__check"])
        #expect(refused.status == 64)
        let line = try #require(Hint.line("is internal to 'viper check'; run 'viper check PATH.so'", in: refused.stderr), "\(refused.stderr)")
        let quoted = try #require(Hint.commands(in: line).last, "\(line)")  // 'viper check PATH.so', after the 'viper check' it is internal to
        let check = quoted.map { $0 == "PATH.so" ? BuildProducts.plugin("Greeter") : $0 }
        let followed = try Hint.run(check, with: viper)
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.stdout.contains("conforms"), "\(followed.stdout)")
    }

    @Test func aDataFolderThatCannotBeMadeIsReplacedByTheDataFolderTheHintAsksFor() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_DATA_DIR"] = "/dev/null/viper"
        let refused = try viper.run(["-c", "where"])
        #expect(refused.stderr.contains("cannot create the data folder /dev/null/viper: ") && refused.stderr.contains("; choose another with --data DIR"),
                "\(refused.stderr)")
        let followed = try viper.run(["--data", viper.dataFolder, "-c", "where"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: viper.dataFolder + "/viper.log"))
    }
}

/// `viper install` run by the installed viper itself: refused, and the build's viper, as the hint
/// says, replaces it.
@Suite(.tags(.slow)) struct InstallFromBuildHintFollowingTests {
    @Test func theInstalledViperIsReplacedByInstallingFromTheBuildAsTheHintSays() throws {
        let prefix = try TemporaryFolder.make("hint-install-self")
        let viper = ViperProcess()
        #expect(try viper.run(["install", "--prefix", prefix]).status == 0)
        let refused = try Subprocess.run(prefix + "/bin/viper", ["install", "--prefix", prefix], environment: viper.environment)
        #expect(refused.status == 64, "\(refused.output)")
        #expect(refused.stderr.contains("run 'viper install' from a new build to replace it"), "\(refused.stderr)")
        let followed = try viper.run(["install", "--prefix", prefix])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try Subprocess.run(prefix + "/bin/viper", ["--version"], environment: viper.environment).status == 0)
    }

    /// A viper copied without its SDK: 'new' says to run 'viper sdk', which shows what is missing
    /// and that an install keeps it; the copy says to install from a build folder; done so, the
    /// installed viper writes the plugin.
    @Test func aViperCopiedWithoutItsSDKIsFollowedToAnInstallThatWritesPlugins() throws {
        let copy = try TemporaryFolder.make("hint-sdk-copy")
        for file in [BuildProducts.viper, BuildProducts.directory + "/libContracts.so"] {
            try FileManager.default.copyItem(atPath: file, toPath: copy + "/" + (file as NSString).lastPathComponent)
        }
        let (folder, prefix) = (try TemporaryFolder.make("hint-sdk-new"), try TemporaryFolder.make("hint-sdk-prefix"))
        let viper = ViperProcess()
        let copied = { (arguments: [String]) in try Subprocess.run(copy + "/viper", arguments, environment: viper.environment) }
        let refused = try copied(["new", "Stamp", "--dir", folder])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot find the Contracts package beside this viper (\(copy)); run 'viper sdk' to see what is missing"),
                "\(refused.stderr)")
        let sdk = try copied(["sdk"])
        #expect(sdk.stdout.contains("Contracts:      (not found beside this viper: \(copy))"), "\(sdk.stdout)")
        #expect(sdk.stdout.contains("'viper install --prefix PREFIX' puts this viper there"), "\(sdk.stdout)")
        let install = try copied(["install", "--prefix", prefix])
        #expect(install.stderr.contains("run 'viper install' from a build folder"), "\(install.stderr)")
        // From the build folder, as that says.
        #expect(try viper.run(["install", "--prefix", prefix]).status == 0)
        let followed = try Subprocess.run(prefix + "/bin/viper", ["new", "Stamp", "--dir", folder], environment: viper.environment)
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Stamp/Package.swift"))
    }

    @Test func aFileWhereTheInstallGoesIsMovedAwayAsTheHintSays() throws {
        let prefix = try TemporaryFolder.make("hint-install-file")
        try FileManager.default.createDirectory(atPath: prefix + "/lib", withIntermediateDirectories: true)
        try TemporaryFolder.write(Array("mine\n".utf8), to: "viper", in: prefix + "/lib")
        let viper = ViperProcess()
        let refused = try viper.run(["install", "--prefix", prefix])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("\(prefix)/lib/viper exists but was not made by 'viper install'; move it away or choose another --prefix"),
                "\(refused.stderr)")
        try FileManager.default.moveItem(atPath: prefix + "/lib/viper", toPath: prefix + "/viper.mine")
        let followed = try viper.run(["install", "--prefix", prefix])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: prefix + "/lib/viper/viper"))
    }
}
