import Foundation
import ViperLoading
import ViperRuntime

/// What `viper install` ships for an author beside the SDK, so that nothing the guide and the
/// cookbook point at is only in the source tree:
///
///     PREFIX/lib/viper/docs/                 PLUGIN_AUTHORS.md (the guide) and COOKBOOK.md
///     PREFIX/lib/viper/Examples/MarkdownEditor/   a second NoteEditing provider, a package
///     PREFIX/lib/viper/Examples/ContractLibrary/  the guide's contract-library example (FixtureWelcome)
///     PREFIX/lib/viper/Examples/Plugins/     the bundled plugins' sources, to read
///     PREFIX/lib/viper/Examples/Cookbook/NN-recipe/   each cookbook recipe as a package of its own
///
/// The packages depend on `PREFIX/lib/viper/Contracts` by its absolute path, as a package `viper new`
/// writes does, so an author copies one out and builds it anywhere (the install folder stays as
/// installed, so `viper uninstall` finds nothing it did not write).
enum InstallExamples {
    /// The folder, under the installed viper's folder, that `viper sdk` names.
    static let folder = "Examples"

    /// Copies the examples from the source tree `tree` into `destination` (the staging folder of
    /// the install); returns a line for what could not be shipped, or nothing.
    static func ship(from tree: String?, into destination: String, installedAt final: String) throws -> [String] {
        guard let tree else {
            return ["Examples and the cookbook's packages were not installed: this viper was not built in a viper source tree."]
        }
        let examples = Paths.join(destination, folder)
        try copy(Paths.join(tree, "Examples/MarkdownEditor"), to: Paths.join(examples, "MarkdownEditor"))
        let manifest = Paths.join(examples, "MarkdownEditor/Package.swift")
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "\"../../Contracts", with: "\"\(final)/Contracts")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try copy(Paths.join(tree, "Tests/Fixtures/ContractLibrary"), to: Paths.join(examples, "ContractLibrary"))
        try copy(Paths.join(tree, "Plugins"), to: Paths.join(examples, "Plugins"))
        try FileManager.default.createDirectory(atPath: Paths.join(destination, "docs"), withIntermediateDirectories: true)
        for page in ["PLUGIN_AUTHORS.md", "COOKBOOK.md"] {
            try FileManager.default.copyItem(atPath: Paths.join(tree, "docs/\(page)"), toPath: Paths.join(destination, "docs/\(page)"))
        }
        let cookbook = try String(contentsOfFile: Paths.join(tree, "docs/COOKBOOK.md"), encoding: .utf8)
        try CookbookPackages.write(
            CookbookPackages.recipes(in: cookbook), into: Paths.join(examples, "Cookbook"), contracts: Paths.join(final, "Contracts"))
        return []
    }

    /// Copies a folder's files, leaving out hidden files and folders (`.build`) and resolved pins.
    private static func copy(_ source: String, to target: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: source).sorted() where !name.hasPrefix(".") && name != "Package.resolved" {
            let from = Paths.join(source, name)
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: from, isDirectory: &isFolder)
            if isFolder.boolValue {
                try copy(from, to: Paths.join(target, name))
            } else {
                // A link (the bundled plugins' Entry/ABIRecord.swift) is shipped as the file it names.
                try Data(contentsOf: URL(fileURLWithPath: Paths.realPath(from) ?? from)).write(to: URL(fileURLWithPath: Paths.join(target, name)))
            }
        }
    }
}
