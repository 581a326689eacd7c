import Contracts
import Foundation

extension ContractSuite {
    /// What every ``ArticleListing`` module promises (see its doc comment): it lists
    /// a feed's titles in the feed's order; an empty feed shows its empty state; an
    /// unusable source is shown as an error.
    ///
    /// Needs a ``DataFolder`` among the services: the feeds are files written there.
    public static let articleListing = ContractSuite(for: ArticleListing.self, checks: [
        ModuleCheck("lists-titles-in-feed-order", run: ArticleListingChecks.order),
        ModuleCheck("empty-feed-shows-empty-state", run: ArticleListingChecks.emptyFeed),
        ModuleCheck("unusable-source-shows-an-error", run: ArticleListingChecks.unusable),
    ])
}

/// The checks of ``ContractSuite/articleListing``.
enum ArticleListingChecks {
    static func order(_ harness: ModuleHarness) throws {
        let url = try feed(#"[{"title": "First in the feed"}, {"title": "Second in the feed", "authors": "Kit"}]"#, harness)
        let screen = try show(url, harness)
        let transcript = screen.transcript
        guard let first = transcript.range(of: "First in the feed"), let second = transcript.range(of: "Second in the feed") else {
            throw CheckFailure(expected: "both titles of the feed at \(url) listed", happened: SuiteSupport.drew(screen))
        }
        try CheckFailure.unless(first.lowerBound < second.lowerBound && screen.errors.isEmpty,
            expected: "the titles in the feed's order and no error", happened: SuiteSupport.drew(screen))
    }

    static func emptyFeed(_ harness: ModuleHarness) throws {
        let screen = try show(try feed("[]", harness), harness)
        try CheckFailure.unless(screen.errors.isEmpty && screen.calls.contains { if case .empty = $0 { return true } else { return false } },
            expected: "an empty feed to show an empty state (screen.empty) and no error", happened: SuiteSupport.drew(screen))
    }

    static func unusable(_ harness: ModuleHarness) throws {
        let screen = try show("not a url at all", harness)
        try CheckFailure.unless(!screen.errors.isEmpty,
            expected: "useSource(\"not a url at all\") to show an error (screen.error)", happened: SuiteSupport.drew(screen))
    }

    private static func show(_ source: String, _ harness: ModuleHarness) throws -> SpyScreen {
        let module = try harness.build()
        try module.input(as: ArticleListing.self).useSource(source)
        module.appear()
        return module.render()
    }

    /// Writes `json` to a new file in the data folder and returns its file URL.
    private static func feed(_ json: String, _ harness: ModuleHarness) throws -> String {
        let folder = try SuiteSupport.required(DataFolder.self, harness)
        let path = folder.path + "/conformance-feed-\(UUID().uuidString).json"
        guard FileManager.default.createFile(atPath: path, contents: Data(json.utf8)) else {
            throw CheckFailure("could not write a feed to \(path); check that the data folder is writable")
        }
        return URL(fileURLWithPath: path).absoluteString
    }
}
