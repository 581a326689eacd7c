import Foundation
import Testing
import ViperTestSupport

/// Host source files stay short enough to read in one sitting: at most ``limit`` lines, or a
/// line near the top that says why a file is longer ("Longer than 300 lines on purpose: …").
@Suite struct HostFileLengthTests {
    static let limit = 300
    static let reason = "Longer than 300 lines on purpose:"

    @Test func everyHostFileIsShortOrSaysWhyNot() throws {
        let root = BuildProducts.repository + "/Host"
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        var long: [String] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            if lines.count > Self.limit, !lines.prefix(60).contains(where: { $0.contains(Self.reason) }) {
                long.append("Host/\(path) (\(lines.count) lines)")
            }
        }
        #expect(long.isEmpty, "split these, or say why near the top ('\(Self.reason) …'): \(long.sorted().joined(separator: ", "))")
    }
}
