import Contracts
import Foundation
import Testing
import ViperHostTestSupport
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// `viper plugins --lock` pins the plugins in use by SHA-256; while
/// the lock exists a changed or unknown plugin is refused, before any of its code runs,
/// until it is locked again. Unchanged files are not hashed again.
@Suite struct PluginLockTests {
    private static let bundled = ["Account", "Articles", "Greeter", "NoteStorage", "Notes", "Todo"]

    private func lock(of viper: ViperProcess) throws -> PluginLock {
        let data = try Data(contentsOf: URL(fileURLWithPath: PluginLock.path(in: viper.dataFolder)))
        return try JSONDecoder().decode(PluginLock.self, from: data)
    }

    private func sha256(_ path: String) throws -> String {
        try #require(SHA256.hex(of: [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
    }

    @Test func lockPinsEveryPluginInUseBySHA256() throws {
        let viper = ViperProcess()
        let result = try viper.run(["plugins", "--lock"])
        #expect(result.status == 0, "\(result.stderr)")
        let lockPath = PluginLock.path(in: viper.dataFolder)
        #expect(result.stdout.hasPrefix("Locked 6 plugin(s) in \(lockPath):\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("Until you lock again, any other plugin, or one whose bytes change, is refused.\n"))
        let lock = try lock(of: viper)
        #expect(lock.plugins.count == 6)
        for name in Self.bundled {
            let path = BuildProducts.plugin(name)
            let entry = lock.plugins.first { Paths.realPath($0.key) == Paths.realPath(path) }?.value
            #expect(entry?.sha256 == (try sha256(path)), "\(name)")
        }
        var info = stat()
        stat(lockPath, &info)
        #expect(info.st_mode & 0o777 == 0o644)
        #expect(try viper.run(["plugins"]).stdout.components(separatedBy: "  [ready]").count == 7)
    }

    @Test func anUnknownPluginIsRefusedUntilItIsLockedAgain() throws {
        let viper = ViperProcess()
        _ = try viper.run(["plugins", "--lock"])
        let folder = try HardeningFixtures.folder("lock-unknown", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let lockPath = PluginLock.path(in: viper.dataFolder)
        let refused = try viper.run(["doctor", "--plugins", folder])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("problem: \(path): refused: it is not in the plugin lock \(lockPath) (added or moved since the lock was written); if you trust it, run 'viper plugins --lock'"), "\(refused.stdout)")
        // The pinned plugins still work.
        let shell = try viper.run(["--plugins", folder, "-c", "open hello?name=Ada"])
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(shell.stdout.contains("Ada"))

        let relock = try viper.run(["plugins", "--lock", "--plugins", folder])
        #expect(relock.stdout.contains("fixture-good"), "\(relock.stdout)")
        #expect(try lock(of: viper).plugins[path]?.sha256 == (try sha256(path)))
        #expect(try viper.run(["plugins", "--plugins", folder]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func aChangedPluginIsRefusedBeforeAnyOfItsCodeRuns() throws {
        let folder = try HardeningFixtures.folder("lock-changed", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let viper = ViperProcess()
        _ = try viper.run(["plugins", "--lock", "--plugins", folder])
        let locked = try #require(try lock(of: viper).plugins[path]?.sha256)
        // Replaced by a library whose constructor crashes whoever maps it: refused, not crashed.
        let crashing = try HardeningFixtures.crashOnLoad()
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: crashing, toPath: path)
        let now = try sha256(path)
        let result = try viper.run(["plugins", "--plugins", folder])
        #expect(result.stdout.contains("libGoodPlugin.so  [disabled]"), "\(result.stdout)")
        #expect(result.stdout.contains("  disabled:  refused: it changed since it was locked (SHA-256 \(now.prefix(16))…, locked \(locked.prefix(16))… in \(PluginLock.path(in: viper.dataFolder))); if you trust the new file, run 'viper plugins --lock'"))
        #expect(!result.stdout.contains("crashed"))
    }

    @Test func theLoaderTrustsTheScansDigestOnlyWhileTheFilesStampIsUnchanged() throws {
        let folder = try HardeningFixtures.folder("lock-known", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let stamp = try #require(FileStamp.read(path))
        // A lock and a "known" digest that agree with each other but not with the file:
        // accepted only if the loader does not hash the file again.
        var lock = PluginLock()
        lock.plugins[path] = PluginLock.Entry(name: "fixture-good", sha256: String(repeating: "0", count: 64))
        var policy = LoadPolicy()
        policy.lock = .locked(lock, path: "/test/plugins.lock")
        let file = PluginFile(path: path, folder: PluginFolder(path: folder, origin: .flag))
        let moved = FileStamp(path: path, size: stamp.size, modifiedNanoseconds: stamp.modifiedNanoseconds + 1,
                              inode: stamp.inode, device: stamp.device, changedNanoseconds: stamp.changedNanoseconds)
        let rehashed = PluginLoader(policy: policy).load(file, known: KnownDigest(stamp: moved, sha256: String(repeating: "0", count: 64)))
        #expect(rehashed.error?.code == .notPinned, "a changed stamp must mean hashing the open file again")
        #expect(!isMapped(path))
        let trusted = PluginLoader(policy: policy).load(file, known: KnownDigest(stamp: stamp, sha256: String(repeating: "0", count: 64)))
        #expect(trusted.plugin?.descriptor.manifest.name == "fixture-good", "\(String(describing: trusted.error))")
        #expect(isMapped(path))
    }

    @Test func aPluginReplacedAfterStartUpIsRefusedWhenFirstUsed() throws {
        let folder = try HardeningFixtures.folder("lock-lazy", with: [Fixtures.good()])
        let path = folder + "/libGoodPlugin.so"
        let folders = try TestRuntime.makeFolders()
        var options = TestRuntime.options(folders, plugins: [folder])
        options.scanMode = .isolated
        options.scannerExecutable = BuildProducts.viper
        options.ignoreLock = true
        _ = try TestRuntime.start(options).writeLock()
        options.ignoreLock = false
        let runtime = try TestRuntime.start(options)
        #expect(runtime.record(at: path)?.status == .ready, "\(runtime.problemLines)")
        // Same path, other bytes (a rename, as an installer would do), before first use.
        let replacement = folder + "/.new"
        try FileManager.default.copyItem(atPath: HardeningFixtures.oldEntry(), toPath: replacement)
        rename(replacement, path)
        runtime.loadAll()
        #expect(runtime.record(at: path)?.status == .disabled)
        #expect(runtime.problemLines.contains { $0.hasPrefix("\(path): refused: it changed since it was locked (SHA-256 ") }, "\(runtime.problemLines)")
        #expect(!isMapped(path))
    }

    @Test func aWarmStartWithALockScansAndRewritesNothing() throws {
        let viper = ViperProcess()
        _ = try viper.run(["plugins", "--lock"])
        _ = try viper.run(["plugins"])
        let cache = viper.dataFolder + "/" + DescriptorCache.fileName
        let before = try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date
        let contents = try Data(contentsOf: URL(fileURLWithPath: cache))
        let result = try viper.run(["-c", "open hello"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == contents)
        let fields = String(decoding: contents, as: UTF8.self).split(whereSeparator: { $0 == "\t" || $0 == "\n" })
        #expect(fields.contains { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }, "the cache keeps each file's digest")
    }

    @Test func aLockOthersCanWriteOrThatIsCorruptLetsNothingLoad() throws {
        let viper = ViperProcess()
        _ = try viper.run(["plugins", "--lock"])
        let lockPath = PluginLock.path(in: viper.dataFolder)
        chmod(lockPath, 0o666)
        let writable = try viper.run(["doctor"])
        #expect(writable.status == 1)
        #expect(writable.stdout.contains("problem: \(lockPath): refused: the file can be written by its group and everyone (mode 666), so another account could replace which plugins viper trusts; run 'chmod go-w \(lockPath)'; no plugin loads until then"), "\(writable.stdout)")
        #expect(writable.stdout.contains("; 0 plugin(s) ready, 6 disabled"))
        #expect(try viper.run(["plugins"]).stdout.components(separatedBy: "  [ready]").count == 1)

        try Data("{ not a lock".utf8).write(to: URL(fileURLWithPath: lockPath))
        chmod(lockPath, 0o644)
        let corrupt = try viper.run(["doctor"])
        #expect(corrupt.stdout.contains("problem: \(lockPath): not a plugin lock viper can read; remove it and run 'viper plugins --lock' to write it again; no plugin loads until then"), "\(corrupt.stdout)")
        #expect(corrupt.stdout.contains("refused: the plugin lock cannot be used"))

        let unlock = try viper.run(["plugins", "--unlock"])
        #expect(unlock.stdout == "Removed \(lockPath): every trusted plugin loads again.\n")
        #expect(try viper.run(["doctor"]).status == 0)
        #expect(try viper.run(["plugins", "--unlock"]).stdout == "No plugin lock in \(viper.dataFolder); nothing to do.\n")
    }

    @Test func lockAndUnlockBelongToPluginsAndExcludeEachOther() throws {
        let viper = ViperProcess()
        let outside = try viper.run(["doctor", "--lock"])
        #expect(outside.status == 64)
        #expect(outside.stderr == "viper: option '--lock' belongs to 'viper plugins'\n")
        let both = try viper.run(["plugins", "--lock", "--unlock"])
        #expect(both.status == 64)
        #expect(both.stderr == "viper: 'viper plugins' takes --lock or --unlock, not both\n")
    }
}
