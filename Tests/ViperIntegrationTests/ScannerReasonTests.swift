import Foundation
import Testing
import ViperTestSupport

/// What the scanner says about plugins that misbehave in other ways than crashing (issue
/// 16), through the real `viper` and real plugin binaries.
@Suite struct ScannerReasonTests {
    private func cFixture(_ name: String) throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Scanner/\(name).c", encoding: .utf8)
        return try FixtureCompiler.cPlugin(named: name, source: source)
    }

    /// A plugin folder with copies of `libraries`, each under the name given.
    private func pluginFolder(_ libraries: [(library: String, name: String)]) throws -> String {
        let folder = try TemporaryFolder.make("scan")
        for (library, name) in libraries {
            try FileManager.default.copyItem(atPath: library, toPath: folder + "/lib\(name).so")
        }
        return folder
    }

    private func listing(_ plugins: String, markers: String? = nil, timeout: String? = nil) throws -> String {
        var viper = ViperProcess()
        if let markers {
            viper.environment["VIPER_TEST_MARKERS"] = markers
            // These fixtures report through files in the markers folder, which the sandbox keeps them from writing.
            viper.environment["VIPER_SANDBOX"] = "off"
        }
        if let timeout { viper.environment["VIPER_SCAN_TIMEOUT"] = timeout }
        let result = try viper.run(["plugins", "--plugins", plugins])
        #expect(result.status == 0)
        // The plugins that behave still load.
        #expect(result.stdout.contains("greeter 1.0.0  [ready]"), "\(result.stdout)")
        return result.stdout
    }

    @Test func aPluginThatPrintsIsRefusedAndWhatItPrintedIsQuoted() throws {
        let printer = try FixtureCompiler.swiftPlugin(named: "scan_printer", source: Self.printingPlugin)
        let stdout = try listing(try pluginFolder([(printer, "scan_printer")]))
        #expect(stdout.contains("libscan_printer.so  [broken]"), "\(stdout)")
        #expect(stdout.contains("disabled:  wrote to standard output while loading (\"hello from the entry point\"); the shell owns the terminal: log through the Logger service instead; it is skipped until the file changes"), "\(stdout)")
    }

    @Test func aPluginThatClosesStandardOutputIsNamedForItNotForEndingTheScanner() throws {
        let stdout = try listing(try pluginFolder([(try cFixture("close_stdout_in_entry"), "close_stdout_in_entry")]))
        #expect(stdout.contains("libclose_stdout_in_entry.so  [broken]"), "\(stdout)")
        #expect(stdout.contains("disabled:  closed standard output while loading; a plugin must not close descriptors it did not open; it is skipped until the file changes"), "\(stdout)")
        #expect(!stdout.contains("exit status"))
    }

    @Test func aPluginThatClosesStandardOutputAndHangsIsNamedForHangingAndTheScanGoesOn() throws {
        let plugins = try pluginFolder([(try cFixture("close_stdout_then_hang"), "close_stdout_then_hang")])
        let stdout = try listing(plugins, timeout: "1")
        #expect(stdout.contains("libclose_stdout_then_hang.so  [broken]"), "\(stdout)")
        #expect(stdout.contains("disabled:  did not finish loading within 1 s and was stopped (it hangs in its entry point); it is skipped until the file changes"), "\(stdout)")
    }

    @Test func aPluginThatForksIsNamedForItAndItsChildEndsWithTheScanner() throws {
        let markers = try TemporaryFolder.make("markers")
        let stdout = try listing(try pluginFolder([(try cFixture("fork_in_entry"), "fork_in_entry")]), markers: markers)
        #expect(stdout.contains("libfork_in_entry.so  [broken]"), "\(stdout)")
        #expect(stdout.contains("disabled:  started a process while loading (it forked); a plugin must not start processes from its entry point, and the scanner ended them; it is skipped until the file changes"), "\(stdout)")

        // The entry point returned once the child had written its pid.
        let text = try String(contentsOfFile: markers + "/child.pid", encoding: .utf8)
        let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        // It is reaped by init shortly after the kill: wait for that exit, not for a time.
        #expect(ProcessWaits.hasEnded(pid, withinMilliseconds: 30_000), "the plugin's child \(pid) outlived the scanner")
    }

    @Test func twoHungPluginsInOneFolderHangSideBySide() throws {
        let markers = try TemporaryFolder.make("markers")
        let hang = try cFixture("hang_with_marker")
        let stdout = try listing(try pluginFolder([(hang, "hang_a"), (hang, "hang_b")]), markers: markers, timeout: "2")
        let reason = "disabled:  did not finish loading within 2 s and was stopped (it hangs in its entry point); it is skipped until the file changes"
        #expect(stdout.components(separatedBy: reason).count == 3, "\(stdout)")
        #expect(stdout.contains("libhang_a.so  [broken]") && stdout.contains("libhang_b.so  [broken]"))
        // At least one copy found the other alive (its lock held) while it was itself still running.
        let files = try FileManager.default.contentsOfDirectory(atPath: markers)
        #expect(files.contains { $0.hasSuffix(".saw-another") }, "\(files)")
    }

    @Test func aPluginWithMoreRegistrationsThanTheCacheHoldsIsRefusedWithThatReason() throws {
        let big = try FixtureCompiler.swiftPlugin(named: "scan_too_big", source: Self.tooBigPlugin)
        let stdout = try listing(try pluginFolder([(big, "scan_too_big")]))
        #expect(stdout.contains("registers 10001 contracts; the plugin cache holds at most 10000 per plugin: split it into several plugins"), "\(stdout)")
        #expect(!stdout.contains("exit status"))
    }

    static let printingPlugin = """
        import Contracts
        @_cdecl("viper_plugin_abi") public func abi() -> UInt32 { ContractsVersion.compiledPacked }
        @_cdecl("viper_plugin_entry") public func entry(_ host: UnsafeMutableRawPointer?) -> Int32 {
            PluginEntry.run(host, plugin: Printer.self)
        }
        enum Printer: Plugin {
            static let manifest = PluginManifest(name: "scan-printer", version: "1.0.0", summary: "fixture")
            static func register(in registrar: any Registrar) throws {
                print("hello from the entry point")
                registrar.registerService(Printer.Marker.self) { _ in Printer.Marker() }
            }
            final class Marker {}
        }
        """

    static let tooBigPlugin = """
        import Contracts
        @_cdecl("viper_plugin_abi") public func abi() -> UInt32 { ContractsVersion.compiledPacked }
        @_cdecl("viper_plugin_entry") public func entry(_ host: UnsafeMutableRawPointer?) -> Int32 {
            PluginEntry.run(host, plugin: TooBig.self)
        }
        enum TooBig: Plugin {
            static let manifest = PluginManifest(name: "scan-too-big", version: "1.0.0", summary: "fixture")
            static func register(in registrar: any Registrar) throws {
                for index in 0...10_000 {
                    registrar.registerService(TooBig.Marker.self, name: "marker\\(index)") { _ in TooBig.Marker() }
                }
            }
            final class Marker {}
        }
        """
}
