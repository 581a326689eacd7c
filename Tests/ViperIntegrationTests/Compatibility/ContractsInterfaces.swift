import Contracts
import Foundation
import ViperTestSupport

/// Contracts interfaces other than the one this run built, for plugins built against them: a
/// released version kept in `Contracts/API/<version>/`, or this build's interface claiming another
/// version. Each is copied alone into a folder named after its content, so `swiftc` builds the
/// module from the interface text (as an author with that Contracts would) and a changed
/// interface never reuses a fixture built against the old one.
enum ContractsInterfaces {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The folder holding the interface that Contracts `version` shipped.
    static func released(_ version: String) throws -> String {
        let path = BuildProducts.repository + "/Contracts/API/\(version)/Contracts.swiftinterface"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Missing(description: "no released interface at \(path)")
        }
        return try folder(holding: text)
    }

    /// This build's interface, with `ContractsVersion.compiledPacked` (the number a plugin's
    /// `viper_plugin_abi` returns, emitted into the plugin) saying `version` instead.
    static func claiming(_ version: ContractsVersion) throws -> String {
        let path = BuildProducts.modules + "/Contracts.swiftinterface"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let current = "get { \(ContractsVersion.current.major) << 16 | \(ContractsVersion.current.minor) }"
        guard text.contains(current) else {
            throw Missing(description: "\(path) has no '\(current)' for compiledPacked; update this helper")
        }
        return try folder(holding: text.replacingOccurrences(of: current, with: "get { \(version.major) << 16 | \(version.minor) }"))
    }

    private static func folder(holding interface: String) throws -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in interface.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let folder = FixtureCompiler.outputDirectory + "/contracts-\(String(hash, radix: 16))"
        let file = folder + "/Contracts.swiftinterface"
        if !FileManager.default.fileExists(atPath: file) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try interface.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return folder
    }
}
