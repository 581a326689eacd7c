import Foundation
import Testing
import ViperTestSupport

/// Live plugins in a `viper` shell session: on a pseudo-terminal as a person sees it, and
/// 100 reloads in a row in one piped session, with the process's descriptors and memory read
/// from /proc.
@Suite struct LiveReloadSessionTests {
    @Test(.enabled(if: ShellTerminalTests.pexpectAvailable, "needs python3 with pexpect"))
    func aPersonSeesTheNewVersionOnlyInWhatTheyOpenNext() throws {
        let process = ShellProcess()
        let folder = try TemporaryFolder.make("live-plugins")
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Live/live_session.py",
            try ShellProcess.executable.get(), process.dataFolder, folder,
            try LiveFixture.build(text: "version one"), try LiveFixture.build(text: "version two"),
            try LiveFixture.build(text: "version three", broken: true),
            try LiveFixture.build(text: "shelf one", name: "shelf", route: "shelf", module: "LiveShelf"),
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }

    @Test func aHundredReloadsInOneSessionKeepDescriptorsAndCostLittleMemory() throws {
        let folder = try TemporaryFolder.make("live-plugins")
        let versions = [try LiveFixture.build(text: "version one"), try LiveFixture.build(text: "version two")]
        try LiveFixture.install(versions[0], in: folder)
        var environment = ShellProcess().base.environment
        environment["VIPER_SCAN_TIMEOUT"] = "20"
        let shell = try RunningViper(executable: try ShellProcess.executable.get(), arguments: ["--plugins", folder], environment: environment)
        defer { shell.close() }
        shell.send("open live")
        try shell.waitFor("version one drawn")
        var measured: [(descriptors: Int, kilobytes: Int)] = []
        for reload in 1...100 {
            try LiveFixture.install(versions[reload % 2], in: folder)
            shell.send("reload")
            try shell.waitFor("reloaded live (version \(reload + 1); \(reload) older image\(reload == 1 ? "" : "s") still mapped)")
            if reload == 10 || reload == 100 {
                let worker = Self.worker(of: shell.processIdentifier)
                measured.append((Self.descriptors(of: worker), Self.residentKilobytes(of: worker)))
            }
        }
        shell.send("open live")
        try shell.waitFor("── Home › Live › Live ─")
        #expect(shell.wait { shell.printed.components(separatedBy: "── Home › Live › Live ─").last?.contains("Commands:") == true })
        #expect(shell.printed.components(separatedBy: "── Home › Live › Live ─").last?.contains("version one drawn; service says version one") == true,
                "version 101 is version one's code again, loaded as an image of its own")
        let perReload = Double(measured[1].kilobytes - measured[0].kilobytes) / 90
        print("live reload: \(measured[0].descriptors) → \(measured[1].descriptors) descriptors from reload 10 to 100; "
              + "resident memory \(measured[0].kilobytes) → \(measured[1].kilobytes) KiB, \(String(format: "%.1f", perReload)) KiB per reload")
        #expect(measured[0].descriptors > 0, "the worker's descriptors were read")
        #expect(measured[1].descriptors <= measured[0].descriptors, "no descriptor is left open per reload")
        #expect(perReload < 1024, "a reload of a 40 KB plugin costs less than 1 MiB of resident memory")
        #expect(!shell.standardError.contains("crashed"))
    }

    /// `viper plugins` in another process starts afresh; the session's own `plugins` and `doctor` know what it reloaded.
    @Test func theSessionsPluginsAndDoctorCommandsShowTheVersionServingAndTheOlderImages() throws {
        let folder = try TemporaryFolder.make("live-plugins")
        let versions = [try LiveFixture.build(text: "version one"), try LiveFixture.build(text: "version two")]
        try LiveFixture.install(versions[0], in: folder)
        let shell = try RunningViper(executable: try ShellProcess.executable.get(), arguments: ["--plugins", folder],
                                     environment: ShellProcess().base.environment)
        defer { shell.close() }
        shell.send("open live")
        try shell.waitFor("version one drawn")
        try LiveFixture.install(versions[1], in: folder)
        shell.send("reload")
        try shell.waitFor("reloaded live (version 2; 1 older image still mapped)")
        shell.send("plugins")
        try shell.waitFor("  live:      version 2 since viper started (1 older image still mapped)")
        shell.send("doctor")
        try shell.waitFor("reloaded: live is at version 2")
        let fresh = try ShellProcess().run(["--plugins", folder, "plugins"])
        #expect(!fresh.stdout.contains("  live:  "), "a new process knows only the file as it is now")
    }

    /// The process that loads the plugins: the supervisor's worker (its first child), or `pid`
    /// itself in an unsupervised session.
    static func worker(of pid: Int32) -> Int32 {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) } ?? pid
    }

    static func descriptors(of pid: Int32) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
    }

    static func residentKilobytes(of pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
