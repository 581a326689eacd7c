/// Navigation out of the detail: to the article's page, in the user's browser.
final class ArticleDetailRouter: ArticleDetailRouting {
    private let pages: any PageOpening

    init(pages: any PageOpening) {
        self.pages = pages
    }

    func openPage(_ address: String) throws -> Bool {
        try pages.open(address)
    }
}
