import Foundation
import ViperTestSupport

/// The navigation fixture plugin (Tests/Fixtures/Navigation/InboxPlugin.swift), compiled once.
enum InboxFixture {
    static func library() throws -> String {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Navigation/InboxPlugin.swift", encoding: .utf8)
        return try FixtureCompiler.swiftPlugin(named: "InboxFixture", source: source)
    }
}
