import ConformanceKit
import Contracts
import Testing
@testable import ArticlesPlugin

/// The bundled suites of ArticleListing, ArticleShowing and FeedFetching, in process: the feeds
/// are files in the kit's temporary data folder.
@Suite struct ArticlesConformanceTests {
    @Test func theArticlesPluginKeepsEveryPromiseOfItsThreeContracts() throws {
        let report = try Conformance.check(ArticlesPlugin.self)
        #expect(report.conforms, "\(report)")
        for (subject, suite) in [("ArticleListing", ContractSuite.articleListing), ("ArticleShowing", ContractSuite.articleShowing)] {
            #expect(suite.checks.allSatisfy { report.result($0.name, subject: subject)?.passed == true }, "\(report)")
        }
        #expect(ContractSuite.feedFetching.serviceChecks.allSatisfy { report.result($0.name, subject: "FeedFetching")?.passed == true },
                "\(report)")
    }
}
