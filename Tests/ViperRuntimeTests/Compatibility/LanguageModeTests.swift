import Foundation
import Testing
import ViperTestSupport

/// Contracts is usable from a plugin written in either Swift language mode: the bundled Greeter
/// plugin (a whole VIPER module with injected services) compiles against this run's Contracts in
/// Swift 5 mode and in Swift 6 mode with complete concurrency checking, and the library is written.
@Suite struct LanguageModeTests {
    private static func compileGreeter(mode: String) throws -> (status: Int32, output: String, built: Bool) {
        let plugin = BuildProducts.repository + "/Plugins/Greeter"
        let sources = (FileManager.default.enumerator(atPath: plugin)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { plugin + "/" + $0 }
        try #require(sources.count > 5, "the Greeter plugin's sources are missing from \(plugin)")
        let folder = try TemporaryFolder.make("language-mode")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let library = folder + "/libGreeterSwift\(mode)Plugin.so"
        let result = try FixtureCompiler.run(
            ["swiftc", "-emit-library", "-module-name", "GreeterSwift\(mode)", "-parse-as-library",
             "-swift-version", mode, "-strict-concurrency=complete", "-warnings-as-errors",
             "-I", BuildProducts.modules, "-L", BuildProducts.directory, "-lContracts",
             "-Xlinker", "-rpath", "-Xlinker", BuildProducts.directory] + sources + ["-o", library],
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
