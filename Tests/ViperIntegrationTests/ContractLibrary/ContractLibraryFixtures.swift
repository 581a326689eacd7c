import Foundation
import ViperTestSupport

/// The fixture contract library (Tests/Fixtures/ContractLibrary/FixtureWelcome.swift) and the
/// plugins built against it, each compiled on its own with `swiftc`, as separate authors would:
/// the library with library evolution and its SONAME, a plugin against the library's module
/// alone and without a run path, so only viper's loading of the installed library can satisfy it.
enum ContractLibraryFixtures {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [String: String] = [:]

    /// The library at version 1.`minor`: the folder holding libFixtureWelcome.so and FixtureWelcome.swiftmodule.
    /// `changed`: with a requirement added to `WelcomeText` under the same version (and the digest of another interface).
    /// `uncut`: the change keeps the old digest, as when the author cut no baseline; `defaulted`: the added
    /// requirement has a default in an extension; `noted`: `WelcomeNote`, which had no requirement, gains one
    /// without a default (under the same version and digest), so its providers implement none of its requirements.
    static func library(minor: Int, statically: Bool = false, changed: Bool = false, uncut: Bool = false, defaulted: Bool = false,
                        noted: Bool = false) throws -> String {
        try once("library-\(minor)-\(statically)-\(changed)-\(uncut)-\(defaulted)-\(noted)") { folder in
            let source = try Fixtures.source("ContractLibrary/FixtureWelcome.swift").replacingOccurrences(of: "__MINOR__", with: String(minor))
                .replacingOccurrences(of: "__CHANGE__", with: changed ? "func farewell(_ guest: String) -> String" : "")
                .replacingOccurrences(of: "__NOTE__", with: noted ? "func note() -> String" : "")
                .replacingOccurrences(of: "__DEFAULTS__", with: changed && defaulted
                    ? "extension WelcomeText {\n    /// A farewell, for providers that have none.\n    public func farewell(_ guest: String) -> String { \"Goodbye, \\(guest)\" }\n}" : "")
                .replacingOccurrences(of: "__INTERFACE__", with: changed && !uncut ? "c4a96e0f3b2d81e7" : "5e01d2b7a8f4c693")
            try source.write(toFile: folder + "/FixtureWelcome.swift", atomically: true, encoding: .utf8)
            var arguments = ["swiftc", "-emit-library", "-emit-module", "-module-name", "FixtureWelcome", "-parse-as-library",
                             "-enable-library-evolution", "-I", BuildProducts.modules, "-L", BuildProducts.directory, "-lContracts",
                             "-emit-module-path", folder + "/FixtureWelcome.swiftmodule", folder + "/FixtureWelcome.swift"]
            arguments += statically ? ["-static", "-o", folder + "/libFixtureWelcome.a"]
                : ["-Xlinker", "-soname", "-Xlinker", "libFixtureWelcome.so", "-o", folder + "/libFixtureWelcome.so"]
            try run(arguments, in: folder)
        }
    }

    /// `plugin` (a file in Tests/Fixtures/ContractLibrary) built against the library at 1.`minor`.
    static func plugin(_ plugin: String, againstMinor minor: Int = 0, statically: Bool = false, changed: Bool = false,
                       uncut: Bool = false, defaulted: Bool = false) throws -> String {
        let library = try self.library(minor: minor, statically: statically, changed: changed, uncut: uncut, defaulted: defaulted)
        let folder = try once("\(plugin)-\(minor)-\(statically)-\(changed)-\(uncut)-\(defaulted)") { folder in
            try run(["swiftc", "-emit-library", "-module-name", plugin, "-parse-as-library",
                     "-I", BuildProducts.modules, "-I", library, "-L", BuildProducts.directory, "-lContracts",
                     "-L", library, "-lFixtureWelcome", BuildProducts.repository + "/Tests/Fixtures/ContractLibrary/\(plugin).swift",
                     "-o", folder + "/lib\(plugin).so"], in: folder)
        }
        return folder + "/lib\(plugin).so"
    }

    /// libFixtureWelcomeSuites.so (Tests/Fixtures/ContractLibrary/FixtureWelcomeSuites.swift) built against the
    /// library at 1.0 and the conformance kit, its check expecting a welcome to Ada to contain `expected`.
    /// `copying`: linked with the static library, so it carries its own copy of FixtureWelcome (as a
    /// suites target in the library's own SwiftPM package does) and does not link libFixtureWelcome.so.
    /// `export`: the body of its `viper_contract_suites` in place of the fixture's own call; `linking`: a
    /// folder holding libGone.so, which it is linked against too (and needs when it is loaded).
    static func suites(expecting expected: String, copying: Bool = false, export: String? = nil, linking gone: String? = nil) throws -> String {
        let library = try self.library(minor: 0, statically: copying)
        let folder = try once("suites-\(expected)-\(copying)-\(export ?? "")-\(gone ?? "")") { folder in
            var source = try Fixtures.source("ContractLibrary/FixtureWelcomeSuites.swift").replacingOccurrences(of: "__EXPECTED__", with: expected)
            if let export { source = source.replacingOccurrences(of: "ExportedSuites.run(request, suites: [welcomeTextSuite])", with: export) }
            let goneFlags = gone.map { ["-L", $0, "-Xlinker", "--no-as-needed", "-lGone"] } ?? []
            try source.write(toFile: folder + "/FixtureWelcomeSuites.swift", atomically: true, encoding: .utf8)
            let kitFolder = BuildProducts.directory + "/ConformanceKit.build"
            let kitObjects = try FileManager.default.contentsOfDirectory(atPath: kitFolder).filter { $0.hasSuffix(".o") }.map { kitFolder + "/" + $0 }
            try run(["swiftc", "-emit-library", "-module-name", "FixtureWelcomeSuites", "-parse-as-library",
                     "-I", BuildProducts.modules, "-I", library, "-L", BuildProducts.directory, "-lContracts",
                     "-L", library, "-lFixtureWelcome", folder + "/FixtureWelcomeSuites.swift"] + kitObjects
                     + CookbookLibrary.kitModuleFlags + goneFlags + ["-o", folder + "/libFixtureWelcomeSuites.so"], in: folder)
        }
        return folder + "/libFixtureWelcomeSuites.so"
    }

    /// A folder holding libGone.so, a library nothing installs: a suite linked against it cannot load.
    static func goneLibrary() throws -> String {
        try once("gone") { folder in
            try "public func gone() {}\n".write(toFile: folder + "/Gone.swift", atomically: true, encoding: .utf8)
            try run(["swiftc", "-emit-library", "-module-name", "Gone", "-parse-as-library", "-Xlinker", "-soname", "-Xlinker", "libGone.so",
                     folder + "/Gone.swift", "-o", folder + "/libGone.so"], in: folder)
        }
    }

    /// A fresh plugin folder holding copies of `files` (each under its own name).
    static func pluginFolder(_ files: [String]) throws -> String {
        let folder = try TemporaryFolder.make("contract-library")
        for file in files {
            try FileManager.default.copyItem(atPath: file, toPath: folder + "/" + (file as NSString).lastPathComponent)
        }
        return folder
    }

    private static func once(_ key: String, build: (String) throws -> Void) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let folder = built[key] { return folder }
        let folder = try TemporaryFolder.make("welcome-\(key)")
        try build(folder)
        built[key] = folder
        return folder
    }

    private static func run(_ arguments: [String], in folder: String) throws {
        let result = try FixtureCompiler.run(arguments, in: folder)
        guard result.status == 0 else {
            throw FixtureCompiler.Failure(description: "building a contract library fixture failed (\(arguments.joined(separator: " "))):\n\(result.output)")
        }
    }
}
