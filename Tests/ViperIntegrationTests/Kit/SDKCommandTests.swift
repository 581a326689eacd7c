import Foundation
import Testing
import ViperTestSupport

@Suite(.tags(.slow)) struct SDKCommandTests {
    /// The value after `label` on its line of `viper sdk`.
    private func value(_ label: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix("  \(label)") }
            .map { $0.dropFirst(label.count + 2).trimmingCharacters(in: .whitespaces) }
            .map { String($0.split(separator: " ").first ?? "") }
    }

    @Test func theFoldersItNamesHoldContractsFromThisBuild() throws {
        let result = try ViperProcess().run(["sdk"])
        #expect(result.status == 0)
        let modules = try #require(value("module:", in: result.stdout))
        #expect(modules == BuildProducts.directory + "/Modules" || modules.hasSuffix("/Modules"))
        #expect(FileManager.default.fileExists(atPath: modules + "/Contracts.swiftinterface"))
        let library = try #require(value("library:", in: result.stdout))
        #expect(FileManager.default.fileExists(atPath: library))
        let contracts = try #require(value("Contracts:", in: result.stdout))
        #expect(FileManager.default.fileExists(atPath: contracts + "/Package.swift"))
        let kit = try #require(value("ConformanceKit:", in: result.stdout))
        #expect(FileManager.default.fileExists(atPath: kit + "/Package.swift"))
    }

    @Test func itsSwiftcCommandLineBuildsAPluginThatLoads() throws {
        let result = try ViperProcess().run(["sdk"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("swiftc ") })
        let end = try #require(lines[start...].firstIndex { $0.hasSuffix("-o libMyPlugin.so") })
        let folder = try TemporaryFolder.make("sdk")
        try FileManager.default.createDirectory(atPath: folder + "/Sources", withIntermediateDirectories: true)
        try Fixtures.source("GoodPlugin.swift").write(toFile: folder + "/Sources/GoodPlugin.swift", atomically: true, encoding: .utf8)
        let command = lines[start...end].map { $0.hasSuffix("\\") ? String($0.dropLast()) : $0 }.joined(separator: " ")
        let build = try FixtureCompiler.run(["sh", "-c", command], in: folder)
        #expect(build.status == 0, "\(command)\n\(build.output)")
        let plugins = try ViperProcess().run(["--plugins", folder + "/libMyPlugin.so", "plugins"])
        #expect(plugins.stdout.contains("fixture-good 1.2.3"), "\(plugins.stdout)")
    }
}
