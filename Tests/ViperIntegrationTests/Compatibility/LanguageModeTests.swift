import Foundation
import Testing
import ViperTestSupport

/// Contracts is usable from a plugin written in either Swift language mode: the bundled Greeter
/// plugin (a whole VIPER module with injected services) compiles against this run's Contracts in
/// Swift 5 mode and in Swift 6 mode with complete concurrency checking, and the library is written.
@Suite(.tags(.slow)) struct LanguageModeTests {
    /// Builds the plugin as SwiftPM does, from its two targets (Package.swift, `plugin(_:)`): the
    /// feature target `GreeterPlugin` (everything but `Entry/`) into one object and its module, then
    /// the entry target, which imports it, into the library with that object.
    private static func compileGreeter(mode: String) throws -> (status: Int32, output: String, built: Bool) {
        let plugin = BuildProducts.repository + "/Plugins/Greeter"
        let all = (FileManager.default.enumerator(atPath: plugin)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        let feature = all.filter { !$0.hasPrefix("Entry/") }.map { plugin + "/" + $0 }
        let entry = all.filter { $0.hasPrefix("Entry/") }.map { plugin + "/" + $0 }
        try #require(feature.count > 5, "the Greeter plugin's sources are missing from \(plugin)")
        // The entry file and the shared `.viper_abi` record (Plugins/ABIRecord.swift, linked as Entry/ABIRecord.swift).
        try #require(entry.count == 2, "the Greeter plugin's entry target is missing from \(plugin)/Entry")
        let folder = try TemporaryFolder.make("language-mode")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checks = ["-parse-as-library", "-package-name", "Greeter", "-swift-version", mode,
                      "-strict-concurrency=complete", "-warnings-as-errors", "-I", BuildProducts.modules]
        let object = try FixtureCompiler.run(
            ["swiftc", "-c", "-wmo", "-module-name", "GreeterPlugin", "-emit-module", "-emit-module-path",
             folder + "/GreeterPlugin.swiftmodule"] + checks + feature + ["-o", folder + "/GreeterPlugin.o"],
            in: folder)
        guard object.status == 0 else { return (object.status, object.output, false) }
        let library = folder + "/libGreeterSwift\(mode)Plugin.so"
        let result = try FixtureCompiler.run(
            // This folder first: the build folder's Modules/ has SwiftPM's GreeterPlugin module too.
            ["swiftc", "-emit-library", "-module-name", "GreeterEntry", "-I", folder] + checks
                + ["-L", BuildProducts.directory, "-lContracts", "-Xlinker", "-rpath", "-Xlinker", BuildProducts.directory]
                + entry + [folder + "/GreeterPlugin.o", "-o", library],
            in: folder)
        let built = FileManager.default.fileExists(atPath: library)
        return (result.status, result.output, built)
    }

    @Test(arguments: ["5", "6"])
    func aWholePluginCompilesAgainstContractsInLanguageMode(_ mode: String) throws {
        let build = try Self.compileGreeter(mode: mode)
        #expect(build.status == 0, "Swift \(mode) mode: \(build.output)")
        #expect(build.built)
    }
}
