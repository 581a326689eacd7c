import Contracts

/// Turns the article it was given into display strings (the Articles app's
/// DetailsPresenter), and opens its page on `browse`.
final class ArticleDetailPresenter: ArticleShowing, ArticleDetailEventHandling {
    weak var view: (any ArticleDetailViewing)?
    private let router: (any ArticleDetailRouting)?
    private var model = ArticleDetailViewModel()
    private var website = ""

    init(router: (any ArticleDetailRouting)? = nil) {
        self.router = router
    }

    func show(_ article: Article) {
        model = ArticleDetailViewModel()
        model.headline = article.title
        website = article.website
        let fields = [("By", article.authors), ("Date", article.date), ("Website", article.website), ("Image", article.imageURL)]
        model.fields = fields.filter { !$0.1.isEmpty }.map { Field($0.0, $0.1) }
        model.paragraphs = article.content.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        view?.didUpdate(model)
    }

    func didAskToBrowse() throws {
        guard website.hasPrefix("http://") || website.hasPrefix("https://") else {
            throw CommandError(website.isEmpty ? "this article has no web address" : "'\(website)' is not a web address a browser can open")
        }
        let opened = try router?.openPage(website) ?? false
        model.notice = opened ? "Opened \(website)." : "No browser is set (set BROWSER, or install xdg-open); the address is \(website)"
        view?.didUpdate(model)
    }
}
