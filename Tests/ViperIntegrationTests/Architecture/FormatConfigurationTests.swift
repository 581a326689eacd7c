import Foundation
import Testing
import ViperTestSupport

/// The repository's `.swift-format` is the toolchain formatter's configuration (4 spaces, lines up to
/// 160, the rules this code keeps). The folders listed here are kept formatted: `swift format lint
/// --strict` finds nothing in them. All of `Host/` is; a folder joins the list once
/// `swift format -i -r FOLDER` has been run on it and the result reviewed.
@Suite struct FormatConfigurationTests {
    static let formattedFolders = ["Host"]

    @Test func theConfigurationIsOneTheFormatterReads() throws {
        let result = try FixtureCompiler.run(["swift", "format", "dump-configuration", "--effective", "--configuration",
                                              BuildProducts.repository + "/.swift-format"])
        #expect(result.status == 0, "swift format cannot read .swift-format: \(result.output)")
        #expect(result.output.contains("\"lineLength\" : 160"))
    }

    @Test func theFormattedFoldersHaveNothingToLint() throws {
        let folders = Self.formattedFolders.map { BuildProducts.repository + "/" + $0 }
        let result = try FixtureCompiler.run(["swift", "format", "lint", "--strict", "--recursive", "--configuration",
                                              BuildProducts.repository + "/.swift-format"] + folders)
        #expect(result.status == 0, "run 'swift format -i -r \(Self.formattedFolders.joined(separator: " "))' and review:\n\(result.output)")
    }
}
