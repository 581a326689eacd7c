import Contracts
import Foundation

/// An ``ArticleListing`` module that reads a feed file (a JSON array with titles);
/// each flaw breaks one promise of the contract.
final class FakeArticleListPresenter: FakePresenter, ArticleListing {
    enum Flaw: CaseIterable {
        /// Lists the titles sorted, not in the feed's order.
        case sortsTitles
        /// Draws nothing for an empty feed.
        case silentWhenEmpty
        /// Shows an unusable source as an empty list, not as an error.
        case hidesBadSource
    }

    private struct Record: Decodable { let title: String }
    private let flaw: Flaw?
    private var titles: [String] = []
    private var failure: String?

    init(context: any ModuleContext, flaw: Flaw?) throws {
        self.flaw = flaw
    }

    func useSource(_ url: String) {
        guard let source = URL(string: url), source.isFileURL,
              let data = FileManager.default.contents(atPath: source.path),
              let records = try? JSONDecoder().decode([Record].self, from: data) else {
            failure = flaw == .hidesBadSource ? nil : "'\(url)' is not a feed"
            titles = []
            return
        }
        failure = nil
        titles = flaw == .sortsTitles ? records.map(\.title).sorted(by: >) : records.map(\.title)
    }

    func render(on screen: any Screen) {
        if let failure { return screen.error(failure) }
        if titles.isEmpty {
            if flaw != .silentWhenEmpty { screen.empty("No articles") } else { screen.text(" ") }
        } else {
            screen.list(titles)
        }
    }
}

/// An ``ArticleShowing`` module; its flaw is to show the title only.
final class FakeArticleDetailPresenter: FakePresenter, ArticleShowing {
    enum Flaw {
        /// Draws the title but not the content.
        case titleOnly
    }

    private let flaw: Flaw?
    private var article: Article?

    init(context: any ModuleContext, flaw: Flaw?) throws {
        self.flaw = flaw
    }

    func show(_ article: Article) { self.article = article }

    func render(on screen: any Screen) {
        guard let article else { return screen.empty("No article") }
        screen.heading(article.title)
        if flaw != .titleOnly { screen.text(article.content) }
    }
}
