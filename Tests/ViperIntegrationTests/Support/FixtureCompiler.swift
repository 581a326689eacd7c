import Foundation
import Testing
import ViperTestSupport

/// Builds small plugins for tests: Swift sources compiled with `swiftc` against the
/// Contracts built in this run, or C sources with `cc`. Results are cached by content
/// in a folder under the products folder, so a suite builds each fixture once.
enum FixtureCompiler {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var outputDirectory: String {
        let folder = BuildProducts.directory + "/test-fixtures"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private static let lock = NSLock()

    /// Compiles Swift `source` into `lib<name>.so` linked against libContracts.so and returns its path.
    /// `contracts` is the folder it imports Contracts from: this run's modules, or a folder that
    /// holds only another version's `Contracts.swiftinterface` (``ContractsInterfaces``).
    static func swiftPlugin(named name: String, source: String, contracts: String = BuildProducts.modules,
                            extraFlags: [String] = []) throws -> String {
        let flags = contracts == BuildProducts.modules ? extraFlags : ["contracts:" + contracts] + extraFlags
        return try compile(name: name, source: source, ext: "swift", flags: flags) { sourcePath, output in
            ["swiftc", "-emit-library", "-module-name", name, "-parse-as-library",
             "-I", contracts, "-L", BuildProducts.directory, "-lContracts",
             "-Xlinker", "-rpath", "-Xlinker", BuildProducts.directory,
             sourcePath, "-o", output] + extraFlags
        }
    }

    /// Compiles C `source` into `lib<name>.so` (for plugins that break the rules in ways Swift will not let us).
    static func cPlugin(named name: String, source: String, extraFlags: [String] = []) throws -> String {
        try compile(name: name, source: source, ext: "c", flags: extraFlags) { sourcePath, output in
            ["cc", "-shared", "-fPIC", sourcePath, "-o", output] + extraFlags
        }
    }

    /// Compiles Swift `source` into `lib<name>.so` plus `<name>.swiftmodule` beside it, for fixtures
    /// that share protocols (import it with `-I` and link it with `-L`/`-l` on the folder returned).
    static func swiftLibrary(named name: String, source: String) throws -> String {
        let library = try compile(name: name, source: source, ext: "swift", flags: ["library"]) { sourcePath, output in
            ["swiftc", "-emit-library", "-emit-module", "-module-name", name, "-parse-as-library",
             "-emit-module-path", (output as NSString).deletingLastPathComponent + "/\(name).swiftmodule",
             sourcePath, "-o", output]
        }
        return (library as NSString).deletingLastPathComponent
    }

    private static func compile(name: String, source: String, ext: String, flags: [String],
                                command: (String, String) -> [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        // The Contracts this run built is part of the key: a fixture compiled against an
        // older Contracts interface must not be reused after Contracts changes.
        let contracts = (try? FileManager.default.attributesOfItem(atPath: BuildProducts.modules + "/Contracts.swiftmodule"))
            .map { "\($0[.size] ?? 0)/\(($0[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)" } ?? ""
        let key = String(stableHash(([source, ext, name, contracts] + flags).joined(separator: "\u{0}")), radix: 16)
        let folder = outputDirectory + "/\(name)-\(key)"
        let output = folder + "/lib\(name).so"
        if FileManager.default.fileExists(atPath: output) { return output }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sourcePath = folder + "/\(name).\(ext)"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let arguments = command(sourcePath, output + ".tmp")
        let result = try run(arguments, in: folder)
        guard result.status == 0 else {
            throw Failure(description: "building fixture \(name) failed (\(arguments.joined(separator: " "))):\n\(result.output)")
        }
        try FileManager.default.moveItem(atPath: output + ".tmp", toPath: output)
        return output
    }

    /// FNV-1a: stable across runs, unlike `hashValue`.
    private static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Runs a tool found on PATH, returning its status and combined output.
    static func run(_ arguments: [String], in directory: String? = nil) throws -> Subprocess.Result {
        try Subprocess.tool(arguments, in: directory)
    }
}
