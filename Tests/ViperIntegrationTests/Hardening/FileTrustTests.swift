import Contracts
import Foundation
import Testing
import ViperHostTestSupport
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// A plugin whose file, or a folder above it up to its plugin folder,
/// another account owns or can write is refused (OpenPAM, OpenSSH StrictModes); the
/// file that was checked is the file that loads; `--allow-insecure-plugins` overrides, loudly.
@Suite struct FileTrustTests {
    /// A uid that is neither root nor the user running the tests.
    private static let stranger: uid_t = 54_321
    private static let insecureWarning = "warning: --allow-insecure-plugins: plugins are loaded even when another account owns them or can write them (or their folders), so anyone with that access can run code as you; use it only for development"

    @Test(arguments: [(0o775, "its group"), (0o757, "everyone"), (0o777, "its group and everyone")])
    func aPluginOthersCanWriteIsRefusedWithTheChmodThatFixesIt(mode: Int, who: String) throws {
        let folder = try HardeningFixtures.folder("trust-file", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        chmod(path, mode_t(mode))
        let error = loadPlugin(path, in: folder).error
        #expect(error?.code == .untrusted)
        #expect(error?.description == "\(path): refused: the file can be written by \(who) (mode \(String(mode, radix: 8))), so another account could replace the code viper runs; run 'chmod go-w \(path)'")
        #expect(!isMapped(path), "a refused plugin was mapped into the process")
    }

    @Test(arguments: [0o775, 0o777, 0o1777])
    func aPluginInAFolderOthersCanWriteIsRefused(mode: Int) throws {
        let folder = try HardeningFixtures.folder("trust-folder", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        chmod(folder, mode_t(mode))
        defer { chmod(folder, 0o755) }
        // Found in the folder, and given alone (`--plugins FILE.so`): both check the folder.
        for root in [folder, path] {
            let error = loadPlugin(path, in: root).error
            #expect(error?.code == .untrusted)
            #expect(error?.message.hasPrefix("refused: its folder \(folder) can be written by ") == true, "\(String(describing: error))")
            #expect(error?.message.hasSuffix("(mode \(String(mode, radix: 8))), so another account could replace the code viper runs; run 'chmod go-w \(folder)'") == true)
        }
    }

    @Test func foldersAboveThePluginFolderAreNotJudged() throws {
        let base = try TemporaryFolder.make("trust-above")
        let plugins = base + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: false)
        chmod(plugins, 0o755)
        try FileManager.default.copyItem(atPath: Fixtures.good(), toPath: plugins + "/libGoodPlugin.so")
        chmod(base, 0o777)
        let result = try ViperProcess().run(["plugins", "--plugins", plugins])
        #expect(result.stdout.contains("fixture-good 1.2.3  [ready]"), "\(result.stdout)")
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func aPluginOrFolderOwnedBySomeoneElseIsRefused() throws {
        let folder = try HardeningFixtures.folder("trust-owner", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let me = String(cString: getpwuid(geteuid()).pointee.pw_name)
        #expect(chown(path, Self.stranger, 0) == 0)
        let fileError = loadPlugin(path, in: folder).error
        #expect(fileError?.code == .untrusted)
        #expect(fileError?.message == "refused: the file belongs to uid \(Self.stranger), not to you (\(me) (uid \(geteuid()))) or root, so its owner could replace the code viper runs; if you trust it, run 'chown \(me) \(path)', or move the plugin to a folder of your own")

        #expect(chown(path, geteuid(), 0) == 0)
        #expect(chown(folder, Self.stranger, 0) == 0)
        let folderError = loadPlugin(path, in: folder).error
        #expect(folderError?.code == .untrusted)
        #expect(folderError?.message.hasPrefix("refused: its folder \(folder) belongs to uid \(Self.stranger), not to you") == true, "\(String(describing: folderError))")
        #expect(!isMapped(path))
    }

    @Test func theScannerChildChecksTheFileItselfToo() throws {
        let folder = try HardeningFixtures.folder("trust-scanner", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        chmod(path, 0o666)
        let result = try ViperProcess().run([ScanMode.command, "--in", folder, path])
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard case .result(let parsed) = try ScanMode.Line(parsing: line[...]) else {
            Issue.record("the scanner's last line is not a result: \(line)")
            return
        }
        #expect(parsed.outcome == .failed("refused: the file can be written by its group and everyone (mode 666), so another account could replace the code viper runs; run 'chmod go-w \(path)'"))
        #expect(parsed.code == .untrusted)
    }

    @Test func viperRefusesUntilTheModeIsFixedAndNeverCachesTheRefusal() throws {
        let folder = try HardeningFixtures.folder("trust-viper", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let viper = ViperProcess()
        // Scanned and cached while it was safe; made writable afterwards (a chmod does not change its mtime).
        #expect(try viper.run(["plugins", "--plugins", folder]).stdout.contains("fixture-good 1.2.3  [ready]"))
        chmod(path, 0o775)
        let refused = try viper.run(["doctor", "--plugins", folder])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("problem: \(path): refused: the file can be written by its group (mode 775), so another account could replace the code viper runs; run 'chmod go-w \(path)'"), "\(refused.stdout)")
        let shell = try viper.run(["--plugins", folder, "-c", "routes"])
        #expect(shell.stderr.contains("warning: \(path): refused: the file can be written by its group"))
        #expect(shell.stdout.contains("hello"), "the other plugins still load")

        chmod(path, 0o755)
        #expect(try viper.run(["plugins", "--plugins", folder]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func theInProcessLoaderChecksAgainWhenThePluginIsFirstUsed() throws {
        let folder = try HardeningFixtures.folder("trust-lazy", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let folders = try TestRuntime.makeFolders()
        var options = TestRuntime.options(folders, plugins: [folder])
        options.scanMode = .isolated
        options.scannerExecutable = BuildProducts.viper
        let runtime = try TestRuntime.start(options)
        #expect(runtime.record(at: path)?.status == .ready, "\(runtime.problemLines)")
        // Made writable after start-up, before first use: the lazy load refuses it.
        chmod(path, 0o757)
        runtime.loadAll()
        #expect(runtime.record(at: path)?.status == .disabled)
        #expect(runtime.problemLines.contains("\(path): refused: the file can be written by everyone (mode 757), so another account could replace the code viper runs; run 'chmod go-w \(path)'"), "\(runtime.problemLines)")
        #expect(!isMapped(path))
    }

    @Test func theFileThatWasCheckedIsTheFileThatLoads() throws {
        let folder = try HardeningFixtures.folder("trust-swap", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let impostor = folder + "/.impostor"
        try FileManager.default.copyItem(atPath: HardeningFixtures.oldEntry(), toPath: impostor)
        let loader = PluginLoader()
        // After every check passed, someone renames another plugin over the checked path.
        loader.beforeOpening = { _ in rename(impostor, path) }
        let loaded = loader.load(PluginFile(path: path, folder: PluginFolder(path: folder, origin: .flag)))
        #expect(loaded.plugin?.descriptor.manifest.name == "fixture-good", "\(String(describing: loaded.error))")
        #expect(loaded.plugin?.file.path == path)
        // The path now names the impostor, which was never checked nor loaded by that call.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: HardeningFixtures.oldEntry())))
    }

    @Test func eachFileLoadsAsItselfHoweverOftenAnotherWasLoadedBefore() throws {
        // Loading one file again under /proc/self/fd/N made that name an alias of its
        // image; the next file opened as number N then came back as the first.
        let folder = try HardeningFixtures.folder("trust-names", with: [Fixtures.good(), HardeningFixtures.oldEntry()])
        let first = folder + "/libGoodPlugin.so", second = folder + "/libOldEntryPlugin.so"
        for _ in 0..<3 {
            #expect(loadPlugin(first, in: folder).plugin?.descriptor.manifest.name == "fixture-good")
        }
        #expect(loadPlugin(second, in: folder).plugin?.descriptor.manifest.name == "fixture-old-entry")
    }

    @Test func everyLoadGetsANameOfItsOwnThatLeadsToTheCheckedDescriptor() throws {
        let path = try Fixtures.good()
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var opened = stat()
        fstat(descriptor, &opened)
        let names = (0..<100).map { _ in PluginLoader.loadName(descriptor: descriptor, path: path) }
        #expect(Set(names).count == names.count)
        for name in names {
            var info = stat()
            #expect(name.hasPrefix("/proc/self/fd/") && name.hasSuffix("/\(descriptor)"), "\(name)")
            #expect(stat(name, &info) == 0 && info.st_ino == opened.st_ino && info.st_dev == opened.st_dev, "\(name)")
        }
    }

    @Test func allowInsecurePluginsLoadsThemAndSaysSoOnEveryStart() throws {
        let folder = try HardeningFixtures.folder("trust-override", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        chmod(path, 0o777)
        chmod(folder, 0o777)
        defer { chmod(folder, 0o755) }
        let viper = ViperProcess()
        for arguments in [["plugins"], ["doctor"], ["-c", "routes"], ["plugins"]] {
            let result = try viper.run(["--allow-insecure-plugins", "--plugins", folder] + arguments)
            #expect(result.stderr.split(separator: "\n").first.map(String.init) == Self.insecureWarning, "\(arguments): \(result.stderr)")
        }
        #expect(try viper.run(["--allow-insecure-plugins", "plugins", "--plugins", folder]).stdout.contains("fixture-good 1.2.3  [ready]"))
        // Without the flag, the same cache does not let it in.
        let strict = try viper.run(["plugins", "--plugins", folder])
        #expect(strict.stdout.contains("libGoodPlugin.so  [disabled]"), "\(strict.stdout)")
        #expect(!strict.stderr.contains("allow-insecure-plugins"))
        // In process as well.
        var policy = LoadPolicy()
        policy.allowInsecure = true
        #expect(loadPlugin(path, in: folder, policy: policy).error?.code != .untrusted)
    }
}
