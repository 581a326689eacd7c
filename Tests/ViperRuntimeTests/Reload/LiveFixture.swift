import ConformanceKit
import Contracts
import Foundation
@testable import ViperCore
@testable import ViperRuntime
import ViperTestSupport

/// Versions of the live-reload fixture (Tests/Fixtures/Live/LivePlugin.swift), compiled once
/// per test run, and a runtime that watches a plugin folder of the test's own.
enum LiveFixture {
    /// One version: what its module draws, what its service says, its plugin name and route.
    static func build(text: String, service: String? = nil, name: String = "live", route: String = "live",
                      module: String = "Live", broken: Bool = false, registrations: String = "", types: String = "") throws -> String {
        var source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Live/LivePlugin.swift", encoding: .utf8)
        source = source.replacingOccurrences(of: "VERSION_TEXT", with: text)
            .replacingOccurrences(of: "VERSION_SERVICE", with: service ?? text)
            .replacingOccurrences(of: "PLUGIN_NAME", with: name)
            .replacingOccurrences(of: "\"ROUTE\"", with: "\"\(route)\"")
            .replacingOccurrences(of: "// EXTRA_REGISTRATIONS", with: registrations)
            .replacingOccurrences(of: "// EXTRA_TYPES", with: types)
        if broken {
            source = source.replacingOccurrences(of: "static func register(in registrar: any Registrar) throws {",
                                                 with: "static func register(in registrar: any Registrar) throws {\n        if !manifest.name.isEmpty { throw CommandError(\"\(text) is broken\") }")
        }
        return try FixtureCompiler.swiftPlugin(named: module, source: source)
    }

    /// A folder for plugin files, and a runtime (isolated scanning, as a session) searching it.
    static func runtime(folder: String, folders given: TestRuntime.Folders? = nil,
                        environment: [String: String] = [:]) throws -> (HostRuntime, TestRuntime.Folders) {
        let folders = try given ?? TestRuntime.makeFolders()
        var options = TestRuntime.options(folders, plugins: [folder], environment: environment)
        options.scanMode = .isolated
        options.scannerExecutable = BuildProducts.viper
        return (try TestRuntime.start(options), folders)
    }

    /// Puts `library` at `folder/name` as a build does: a new file renamed into place (a new inode).
    @discardableResult
    static func install(_ library: String, in folder: String, as name: String = "libLive.so") throws -> String {
        let target = folder + "/" + name
        let temporary = folder + "/.\(name).\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: library, toPath: temporary)
        guard rename(temporary, target) == 0 else { throw StubError("cannot rename into \(target)") }
        return target
    }

    /// Writes the bytes of `library` over the file at `path` in place (`cp` over it: same inode).
    static func overwrite(_ path: String, with library: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    /// What the module on top of `stack` draws.
    static func drawn(_ stack: NavigationStack) -> [String] {
        let screen = SpyScreen()
        stack.top?.view.render(on: screen)
        return screen.lines
    }
}
