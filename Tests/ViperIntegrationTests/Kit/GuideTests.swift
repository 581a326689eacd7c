import Foundation
import Testing
import ViperTestSupport

/// docs/PLUGIN_AUTHORS.md cannot drift: its Swift blocks are excerpts of the package that
/// `viper new Counter` writes (which ``GeneratedCounter`` builds and tests) or of the contract
/// library example the ContractLibrary tests build, so every line of each block must appear,
/// in order, in one file of those; and it links the cookbook and the API reference.
@Suite struct GuideTests {
    private static var guidePath: String { BuildProducts.repository + "/docs/PLUGIN_AUTHORS.md" }

    /// The ```` ```swift ```` blocks of the guide with the line each starts on.
    private static func swiftBlocks() throws -> [(line: Int, lines: [String])] {
        var blocks: [(line: Int, lines: [String])] = []
        var open: (line: Int, lines: [String])?
        for (index, line) in try String(contentsOfFile: guidePath, encoding: .utf8).components(separatedBy: "\n").enumerated() {
            if var block = open {
                if line == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if line == "```swift" {
                open = (index + 2, [])
            } else if line.hasPrefix("```swift") {
                throw Cookbook.Failure(description: "PLUGIN_AUTHORS.md:\(index + 1): '\(line)': the guide's Swift blocks are plain ```swift excerpts")
            }
        }
        return blocks
    }

    /// Whether the code lines of `excerpt` (comments and blank lines left out) appear in `file` in order.
    static func isExcerpt(_ excerpt: [String], of file: String) -> Bool {
        let wanted = excerpt.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
        var remaining = wanted[...]
        for line in file.components(separatedBy: "\n") where remaining.first == line.trimmingCharacters(in: .whitespaces) {
            remaining = remaining.dropFirst()
        }
        return !wanted.isEmpty && remaining.isEmpty
    }

    @Test func everySwiftBlockIsAnExcerptOfTheGeneratedPackageThatBuildsAndPasses() throws {
        let counter = try GeneratedCounter.built()
        #expect(counter.testStatus == 0, "the package the guide quotes does not build or pass: \(counter.testOutput)")
        // The contract-library walkthrough quotes the complete example the ContractLibrary tests build.
        let example = BuildProducts.repository + "/Tests/Fixtures/ContractLibrary"
        // The conformance section quotes Examples/MarkdownEditor, the second NoteEditing provider.
        let markdown = BuildProducts.repository + "/Examples/MarkdownEditor"
        let files = try packageFiles(counter.package) + packageFiles(example) + packageFiles(markdown)
        let blocks = try Self.swiftBlocks()
        #expect(blocks.count == 9)
        for block in blocks {
            // The guide writes the Contracts path as /path/to/viper; `viper new` wrote this tree's.
            let lines = block.lines.map { $0.replacingOccurrences(of: "/path/to/viper/", with: BuildProducts.repository + "/") }
            #expect(files.contains { Self.isExcerpt(lines, of: $0) },
                    "PLUGIN_AUTHORS.md:\(block.line): this block is not in the package 'viper new Counter' writes nor in Tests/Fixtures/ContractLibrary or Examples/MarkdownEditor; update the guide:\n\(block.lines.joined(separator: "\n"))")
        }
    }

    @Test func anExcerptWithAChangedLineIsNotFound() {
        let file = "enum CounterPlugin: Plugin {\n    static let manifest = x\n}\n"
        #expect(Self.isExcerpt(["enum CounterPlugin: Plugin {", "// a comment", "}"], of: file))
        #expect(!Self.isExcerpt(["enum CounterPlugin: Plugin {", "static func register() {}"], of: file))
    }

    @Test func theGuideLinksTheCookbookAndTheReferenceAndTheFolderXDGGives() throws {
        let guide = try String(contentsOfFile: Self.guidePath, encoding: .utf8)
        #expect(guide.contains("[The cookbook](COOKBOOK.md)"))
        #expect(FileManager.default.fileExists(atPath: BuildProducts.repository + "/docs/COOKBOOK.md"))
        #expect(guide.contains("`viper install` builds it; `viper sdk` names where it is and how to open it."))
        // The guide sends an author only to what an installed viper ships (InstallCommandTests holds the paths to it).
        for sourceOnly in ["Tests/Fixtures", "Tests/Viper", "(Plugins/", "(`Plugins/", "Contracts/API/reference"] {
            #expect(!guide.contains(sourceOnly), "the guide points at the source tree: \(sourceOnly)")
        }
        #expect(guide.contains("cp .build/debug/libCounterPlugin.so \"${XDG_DATA_HOME:-$HOME/.local/share}/viper/plugins/\""))
        #expect(!guide.contains("cp .build/debug/libCounterPlugin.so ~/.local/share"))
    }

    private func packageFiles(_ package: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: package)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".build") || path.hasPrefix(".swiftpm") { enumerator?.skipDescendants(); continue }
            if path.hasSuffix(".swift") { files.append(try String(contentsOfFile: package + "/" + path, encoding: .utf8)) }
        }
        return files
    }
}
