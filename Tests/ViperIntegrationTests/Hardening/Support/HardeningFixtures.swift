import Contracts
import Foundation
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// Fixture plugins for the hardening tests, from `Tests/Fixtures/Hardening/`.
enum HardeningFixtures {
    static var sources: String { Fixtures.sources + "/Hardening" }

    /// A plugin whose `viper_plugin_abi` reports Contracts `major.minor`.
    static func versioned(major: Int, minor: Int) throws -> String {
        let source = try String(contentsOfFile: sources + "/VersionedPlugin.swift", encoding: .utf8)
            .replacingOccurrences(of: "__MAJOR__", with: "\(major)")
            .replacingOccurrences(of: "__MINOR__", with: "\(minor)")
        return try FixtureCompiler.swiftPlugin(named: "Versioned\(major)x\(minor)", source: source)
    }

    /// A plugin that enters through the Contracts 1.0 entry and reports ABI 1.0.
    static func oldEntry() throws -> String {
        try Fixtures.swift("Hardening/OldEntryPlugin.swift", module: "OldEntryPlugin")
    }

    /// A plugin compiled together with Contracts' sources: it defines `$s9Contracts…Mp` itself
    /// and does not need libContracts.so.
    static func ownContracts() throws -> String {
        let contracts = BuildProducts.repository + "/Contracts/Sources/Contracts"
        let files = (FileManager.default.enumerator(atPath: contracts)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { contracts + "/" + $0 }
        return try compile(name: "OwnContractsPlugin", sources: files + [sources + "/OwnContractsPlugin.swift"]) { output in
            ["swiftc", "-emit-library", "-module-name", "Contracts", "-parse-as-library", "-o", output]
        }
    }

    /// A C library whose constructor raises SIGSEGV the moment it is mapped.
    static func crashOnLoad() throws -> String {
        try FixtureCompiler.cPlugin(named: "crash_on_load", source: String(contentsOfFile: sources + "/crash_on_load.c", encoding: .utf8),
                                    extraFlags: ["-DHOST_ABI=\(ContractsVersion.current.packed)u"])
    }

    /// Swift code with the plugin symbols that does not link libContracts.so.
    static func noContracts() throws -> String {
        try compile(name: "NoContractsPlugin", sources: [sources + "/NoContractsPlugin.swift"]) { output in
            ["swiftc", "-emit-library", "-module-name", "NoContractsPlugin", "-parse-as-library", "-o", output]
        }
    }

    /// A fresh folder (mode 755) holding copies of `libraries`, each under its own file name.
    static func folder(_ label: String, with libraries: [String]) throws -> String {
        let folder = try TemporaryFolder.make(label)
        chmod(folder, 0o755)
        for library in libraries {
            try FileManager.default.copyItem(atPath: library, toPath: folder + "/" + Paths.lastComponent(library))
            chmod(folder + "/" + Paths.lastComponent(library), 0o755)
        }
        return folder
    }

    private static let lock = NSLock()

    /// Compiles `sources` with `command + sources` into `lib<name>.so`, once per content.
    private static func compile(name: String, sources: [String], command: (String) -> [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        var text = ""
        for source in sources {
            text += source + "\u{0}" + (try String(contentsOfFile: source, encoding: .utf8)) + "\u{0}"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (text + command("").joined(separator: " ")).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let folder = FixtureCompiler.outputDirectory + "/\(name)-\(String(hash, radix: 16))"
        let output = folder + "/lib\(name).so"
        if FileManager.default.fileExists(atPath: output) { return output }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let arguments = command(output + ".tmp") + sources
        let result = try FixtureCompiler.run(arguments, in: folder)
        guard result.status == 0 else {
            throw FixtureCompiler.Failure(description: "building fixture \(name) failed (\(arguments.joined(separator: " "))):\n\(result.output)")
        }
        try FileManager.default.moveItem(atPath: output + ".tmp", toPath: output)
        return output
    }
}
