import Foundation
import Testing
import ViperTestSupport

/// What docs/ARCHITECTURE.md says of the code, held to the code.
@Suite struct ArchitectureDocsTests {
    /// The Contracts files that use `@inlinable`, relative to `Contracts/Sources/Contracts`.
    static func inlinableFiles() throws -> Set<String> {
        let root = BuildProducts.repository + "/Contracts/Sources/Contracts"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: Set<String> = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.contains("@inlinable") }) { files.insert(path) }
        }
        return files
    }

    @Test func onlyProviderIsInlinableInContractsAsFactTwoSays() throws {
        #expect(try Self.inlinableFiles() == ["Registry/Provider.swift"],
                "docs/ARCHITECTURE.md fact 2 names Provider as the one @inlinable exception; say why there for any other")
        let facts = try String(contentsOfFile: BuildProducts.repository + "/docs/ARCHITECTURE.md", encoding: .utf8)
        #expect(facts.contains("The one exception is `Provider`"))
    }
}
