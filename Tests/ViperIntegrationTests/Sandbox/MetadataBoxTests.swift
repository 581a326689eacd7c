import Foundation
import Testing
import ViperTestSupport

/// The box's seccomp filter against a plugin whose constructor, run by the scanner at an
/// ordinary start and by `viper check`, changes a file of the person's in ways Landlock has no
/// right for (mode, owner, extended attributes, times), starts processes (a fork bomb, which
/// `RLIMIT_NPROC` does not stop for root) or changes viper's limits and scheduling. Each call is made by its own number
/// (`Tests/Fixtures/Sandbox/tamper_metadata.c`); each has its control with `VIPER_SANDBOX=off`.
@Suite struct MetadataBoxTests {
    /// The metadata of the person's file the plugin is after.
    private struct Victim: Equatable {
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
        var modified: Int
        var forged: Bool
        var kept: Bool

        static func read(_ path: String) throws -> Victim {
            var status = stat()
            guard stat(path, &status) == 0 else { throw StubError("cannot stat \(path)") }
            return Victim(
                mode: status.st_mode & 0o7777, owner: status.st_uid, group: status.st_gid, modified: status.st_mtim.tv_sec,
                forged: ExtendedAttribute.exists(path, "user.viper"), kept: ExtendedAttribute.exists(path, "user.kept"))
        }
    }

    /// The plugin folder, `$HOME/plugins`, holding the plugin.
    private func plugin(home: String) throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/tamper_metadata.c", encoding: .utf8)
        let library = try FixtureCompiler.cPlugin(named: "tamper_metadata", source: source)
        let folder = home + "/plugins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: library, toPath: folder + "/libtamper_metadata.so")
        return folder
    }

    /// Runs `viper` (`plugins`, or `check` with `check`) with the plugin making `call`; the
    /// victim before and after, and what viper printed.
    private func run(
        _ call: String, check: Bool = false, sandbox: Bool = true, viper started: ViperProcess = ViperProcess()
    ) throws -> (before: Victim, after: Victim, output: String) {
        var viper = started
        let plugins = try plugin(home: try #require(viper.environment["HOME"]))
        // Beside the plugin, where the box may read: a descriptor of it can be opened there.
        let victim = plugins + "/notes.txt"
        viper.environment["VIPER_TEST_CALL"] = call
        viper.environment["VIPER_TEST_VICTIM"] = victim
        if !sandbox { viper.environment["VIPER_SANDBOX"] = "off" }
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("mine".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(ExtendedAttribute.set(victim, "user.kept", "yes"), "the test's file system takes no user.* attributes")
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, victim, &times, 0) == 0)
        let before = try Victim.read(victim)
        let arguments = check ? ["check", plugins + "/libtamper_metadata.so"] : ["plugins", "--plugins", plugins]
        let result = try viper.run(arguments)
        let output = result.stdout + result.stderr
        #expect(output.contains("tamper_metadata"), "\(output)")
        return (before, try Victim.read(victim), output)
    }

    static let metadataCalls = [
        "chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown", "fchownat",
        "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr",
        "utime", "utimes", "utimensat", "futimesat",
    ]

    @Test(arguments: metadataCalls)
    func aScannedPluginCannotChangeTheMetadataOfTheUsersFile(call: String) throws {
        let (before, after, output) = try run(call)
        #expect(after == before, "\(call) changed the person's file: \(output)")
    }

    @Test(arguments: ["chmod", "fchown", "setxattr", "fremovexattr", "utimensat"])
    func aCheckedPluginCannotChangeTheMetadataOfTheUsersFile(call: String) throws {
        let (before, after, output) = try run(call, check: true)
        #expect(after == before, "\(call) changed the person's file: \(output)")
    }

    /// The controls: unboxed, each family changes the file, so the tests above can fail.
    /// (`chown` to another account needs root; as anyone else it fails unboxed too.)
    @Test(arguments: ["chmod", "fchmod", "chown", "fchown", "setxattr", "fsetxattr", "removexattr", "utimensat"])
    func withoutTheSandboxTheSameCallChangesTheFile(call: String) throws {
        let (before, after, _) = try run(call, sandbox: false)
        if call == "chown", geteuid() != 0 { return }
        #expect(after != before)
    }

    @Test(arguments: ["fork", "vfork", "clone", "spawn"])
    func aScannedPluginStartsNoProcessEvenAsRoot(call: String) throws {
        let (_, _, output) = try run(call)
        // The entry point reports 100 + the processes it started.
        #expect(output.contains("its entry point reported failure (status 100)"), "\(output)")
    }

    @Test func aCheckedPluginStartsNoProcess() throws {
        let (_, _, output) = try run("fork", check: true)
        #expect(output.contains("status 100"), "\(output)")
    }

    @Test func withoutTheSandboxTheForkBombStartsItsChildren() throws {
        let (_, _, output) = try run("fork", sandbox: false)
        #expect(output.contains("its entry point reported failure (status 164)"), "\(output)")
    }

    /// The process that started the box (viper, of the same account) changed without a signal:
    /// its address space cut to nothing (viper then aborts at its next allocation), its
    /// scheduling or priority lowered. The entry point reports 101 when the call went through.
    @Test(arguments: ["prlimit", "sched_setscheduler", "sched_setaffinity", "setpriority", "setpriority-group", "ioprio_set"])
    func aScannedPluginCannotChangeTheProcessThatStartedIt(call: String) throws {
        let (_, _, output) = try run(call)
        #expect(output.contains("its entry point reported failure (status 100)"), "\(output)")
    }

    @Test func aCheckedPluginCannotLimitTheProcessThatStartedIt() throws {
        let (_, _, output) = try run("prlimit", check: true)
        #expect(output.contains("status 100"), "\(output)")
    }

    /// The control: unboxed, making the viper that scans it idle goes through (and harms nothing).
    @Test func withoutTheSandboxAScannedPluginMakesViperIdle() throws {
        let (_, _, output) = try run("sched_setscheduler", sandbox: false)
        #expect(output.contains("its entry point reported failure (status 101)"), "\(output)")
    }

    /// A key of the account's user keyring, which every process of the account may read: a
    /// scanned constructor finds it by its description and reads its secret. The entry point
    /// reports 101 when it read it.
    @Test(arguments: [true, false])
    func aScannedPluginCannotReadTheAccountsKeys(sandbox: Bool) throws {
        let description = "viper-test-\(UUID().uuidString)"
        let key = KernelKeys.add(description: description, secret: "s3cret")
        try #require(key > 0, "the kernel keeps no keys here")
        defer { KernelKeys.unlink(key) }
        var viper = ViperProcess()
        viper.environment["VIPER_TEST_KEY"] = description
        let (_, _, output) = try run("keyctl", sandbox: sandbox, viper: viper)
        #expect(output.contains("its entry point reported failure (status \(sandbox ? 100 : 101))"), "\(output)")
    }

    /// Run as root, a scanned constructor has no power of root's: setting the host's name (to
    /// the name it has) and raising its own priority are refused. Unboxed, both go through.
    @Test(.enabled(if: geteuid() == 0, "only root holds these capabilities"), arguments: ["sethostname", "nice"])
    func aScannedPluginRunAsRootHasNoCapabilities(call: String) throws {
        let (_, _, boxed) = try run(call)
        #expect(boxed.contains("its entry point reported failure (status 100)"), "\(boxed)")
        let (_, _, unboxed) = try run(call, sandbox: false)
        #expect(unboxed.contains("its entry point reported failure (status 101)"), "\(unboxed)")
    }

    /// Root is not bound by `RLIMIT_NPROC`, so a thread bomb is capped by the child's pids cgroup
    /// where one can be made (as here, root with a writable cgroup); anyone else, by the limit.
    @Test func aScannedPluginsThreadBombIsCapped() throws {
        let (_, _, output) = try run("threads")
        #expect(output.contains("its entry point reported failure (status 100)"), "\(output)")
    }

    @Test func withoutTheSandboxTheThreadBombStartsEveryThread() throws {
        let (_, _, output) = try run("threads", sandbox: false)
        #expect(output.contains("its entry point reported failure (status 101)"), "\(output)")
    }
}

/// `getxattr`/`setxattr`, which Glibc's module does not import, by `dlsym`.
private enum ExtendedAttribute {
    private typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    static func exists(_ path: String, _ name: String) -> Bool {
        guard let symbol = dlsym(nil, "getxattr") else { return false }
        return unsafeBitCast(symbol, to: Get.self)(path, name, nil, 0) >= 0
    }

    static func set(_ path: String, _ name: String, _ value: String) -> Bool {
        guard let symbol = dlsym(nil, "setxattr") else { return false }
        return value.withCString { unsafeBitCast(symbol, to: Set.self)(path, name, $0, strlen($0), 0) == 0 }
    }
}

/// The kernel's key store, by `syscall` (Glibc's module imports neither it, variadic, nor
/// libkeyutils): a key added to the account's user keyring, and taken out again.
private enum KernelKeys {
    private typealias Call = @convention(c) (Int, Int, Int, Int, Int, Int) -> Int
    private static let userKeyring = -4  // KEY_SPEC_USER_KEYRING

    private static var call: Call? { dlsym(nil, "syscall").map { unsafeBitCast($0, to: Call.self) } }

    /// The new key's serial number, or -1.
    static func add(description: String, secret: String) -> Int {
        #if arch(x86_64)
            let addKey = 248
        #else
            let addKey = 217
        #endif
        guard let call else { return -1 }
        return "user".withCString { type in
            description.withCString { name in
                secret.withCString { payload in
                    call(addKey, Int(bitPattern: type), Int(bitPattern: name), Int(bitPattern: payload), strlen(payload), userKeyring)
                }
            }
        }
    }

    static func unlink(_ key: Int) {
        #if arch(x86_64)
            let keyctl = 250
        #else
            let keyctl = 219
        #endif
        _ = call?(keyctl, 9 /* KEYCTL_UNLINK */, key, userKeyring, 0, 0)
    }
}
