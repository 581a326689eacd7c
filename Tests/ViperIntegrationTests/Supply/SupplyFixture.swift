import Foundation
import Testing
import ViperTestSupport

/// What the supply tests share: a plugin built at two versions, a key pair made by the built viper,
/// an index folder, and a static HTTP server on the loopback over that folder.
struct SupplyFixture {
    /// A fixture with its key made and `versions` published in an index built and signed with it.
    static func published(_ versions: [String]) throws -> SupplyFixture {
        let fixture = try SupplyFixture()
        try fixture.succeed(["keys", "new", fixture.keys])
        for version in versions {
            try fixture.publish(version)
        }
        try fixture.succeed(["index", "build", fixture.index, "--key", fixture.keys + "/viper.key"])
        return fixture
    }

    let viper: ViperProcess
    let base: String
    let index: String
    let keys: String

    /// `trusting`: the plugins the person trusts to run in viper's process (config.json's `trust`):
    /// the fixture plugin `supplied` provides a service, so an installed copy is refused otherwise.
    init(trusting: [String] = ["supplied"]) throws {
        viper = ViperProcess()
        base = (viper.dataFolder as NSString).deletingLastPathComponent
        index = base + "/index"
        keys = base + "/keys"
        try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: true)
        if !trusting.isEmpty {
            let names = trusting.map { "\"\($0)\"" }.joined(separator: ", ")
            try Data("{\"trust\": [\(names)]}".utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        }
    }

    /// The fixture plugin `supplied` built at `version` (cached by source, so each version is built once).
    static func plugin(_ version: String) throws -> String {
        let source = """
            import Contracts

            @_cdecl("viper_plugin_abi")
            public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }

            @_cdecl("viper_plugin_entry")
            public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
                PluginEntry.run(host, plugin: SuppliedPlugin.self)
            }

            public protocol SuppliedMarker: AnyObject { var label: String { get } }
            final class Marker: SuppliedMarker { let label = "supplied \(version)" }

            enum SuppliedPlugin: Plugin {
                static let manifest = PluginManifest(name: "supplied", version: "\(version)", summary: "A plugin that comes from an index")
                static func register(in registrar: any Registrar) throws {
                    registrar.registerService(SuppliedMarker.self, requires: []) { _ in Marker() }
                }
            }
            """
        return try FixtureCompiler.swiftPlugin(named: "Supplied", source: source)
    }

    /// Runs viper and expects it to succeed.
    @discardableResult
    func succeed(_ arguments: [String], _ comment: Comment? = nil) throws -> Subprocess.Result {
        let result = try viper.run(arguments)
        #expect(result.status == 0, "viper \(arguments.joined(separator: " ")): \(result.output)")
        return result
    }

    /// Copies version `version` into the index folder and signs it with the fixture key.
    func publish(_ version: String) throws {
        let folder = index + "/supplied/\(version)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: folder + "/libSupplied.so")
        try FileManager.default.copyItem(atPath: try Self.plugin(version), toPath: folder + "/libSupplied.so")
        try succeed(["sign", folder + "/libSupplied.so", "--key", keys + "/viper.key"])
    }

    /// The installed plugin's line in `viper plugins` ("supplied 1.0.0  [ready]"), or the output when there is none.
    func pluginsLine() throws -> String {
        let output = try viper.run(["plugins"]).output
        return output.split(separator: "\n").first { $0.hasPrefix("supplied ") }.map(String.init) ?? output
    }

    /// The key id `viper keys new` printed.
    func keyID() throws -> String {
        let text = try String(contentsOfFile: keys + "/viper.pub", encoding: .utf8)
        return String(text.split(separator: "\n")[0].split(separator: " ").last ?? "")
    }
}

/// A static HTTP server on 127.0.0.1 over one folder (Python's http.server), for as long as the value lives.
final class StaticServer {
    let port: Int
    private let process: Process

    init(folder: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Its first line says the port: "Serving HTTP on 127.0.0.1 port 41234 (...)".
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A { line.append(first) }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard let index = words.firstIndex(of: "port"), index + 1 < words.count, let port = Int(words[index + 1]) else {
            kill(process.processIdentifier, SIGKILL)
            throw FixtureCompiler.Failure(description: "the static server did not say its port (is python3 installed?)")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test process may block SIGTERM, and a child inherits the blocked mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var url: String { "http://127.0.0.1:\(port)" }
}
