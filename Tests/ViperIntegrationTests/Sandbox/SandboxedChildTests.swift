import Foundation
import Testing
import ViperTestSupport

/// The sandbox around plugin code that runs before the person chose to use it:
/// real `viper plugins` and `viper check` runs of a C plugin whose constructor tries to write
/// in the person's home and data folders and to connect to a TCP listener this test owns.
/// Each "nothing happened" has its control: the same run with `VIPER_SANDBOX=off` does both.
@Suite struct SandboxedChildTests {
    private func reachOut() throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/reach_out.c", encoding: .utf8)
        let library = try FixtureCompiler.cPlugin(named: "reach_out", source: source)
        let folder = try TemporaryFolder.make("sandbox-plugins")
        try FileManager.default.copyItem(atPath: library, toPath: folder + "/libreach_out.so")
        return folder
    }

    /// What the plugin managed: files it made in the home and data folders, and connections
    /// the listener received.
    private struct Reach: Equatable {
        var home = false
        var data = false
        var connections = 0
    }

    private func run(_ arguments: (String) -> [String], sandbox: Bool = true, exec: Bool = false) throws -> Reach {
        let plugins = try reachOut()
        let listener = try TCPListener()
        var viper = ViperProcess()
        viper.environment["VIPER_TEST_PORT"] = String(listener.port)
        if !sandbox { viper.environment["VIPER_SANDBOX"] = "off" }
        if exec { viper.environment["VIPER_SCAN_EXEC"] = "1" }
        let home = try #require(viper.environment["HOME"])
        let result = try viper.run(arguments(plugins))
        #expect(result.stdout.contains("reach_out"), "\(result.stdout)\(result.stderr)")
        return Reach(home: FileManager.default.fileExists(atPath: home + "/reached-out"),
                     data: FileManager.default.fileExists(atPath: viper.dataFolder + "/reached-out"),
                     connections: listener.pendingConnections())
    }

    @Test(arguments: [false, true])
    func scanningAPluginLeavesNoFileInTheUsersFoldersAndMakesNoConnection(exec: Bool) throws {
        let reach = try run({ ["plugins", "--plugins", $0] }, exec: exec)
        #expect(reach == Reach())
    }

    @Test func withoutTheSandboxTheSameScanWritesBothFilesAndConnects() throws {
        let reach = try run({ ["plugins", "--plugins", $0] }, sandbox: false)
        #expect(reach == Reach(home: true, data: true, connections: 1))
    }

    @Test func checkingAPluginLeavesNoFileInTheUsersHomeAndMakesNoConnection() throws {
        let reach = try run({ ["check", $0 + "/libreach_out.so"] })
        // The check's own data folder is a private temporary one; the person's stays untouched.
        #expect(reach == Reach())
    }

    @Test func withoutTheSandboxTheSameCheckWritesInTheHomeFolderAndConnects() throws {
        let reach = try run({ ["check", $0 + "/libreach_out.so"] }, sandbox: false)
        // Its constructor runs twice: in the isolated process viper judges its modules across, and in the check's child.
        #expect(reach == Reach(home: true, data: false, connections: 2))
    }
}

/// A TCP listener on 127.0.0.1 at a port the kernel chose, for counting who connected.
private final class TCPListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listening, $0, length) == 0 && listen(listening, 16) == 0 && getsockname(listening, $0, &length) == 0
            }
        }
        guard listening >= 0, bound else {
            if listening >= 0 { close(listening) }
            throw StubError("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        descriptor = listening
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// Accepts every connection waiting (the kernel completes a connect before any accept).
    func pendingConnections() -> Int {
        var count = 0
        while case let connection = accept(descriptor, nil, nil), connection >= 0 {
            close(connection)
            count += 1
        }
        return count
    }
}
