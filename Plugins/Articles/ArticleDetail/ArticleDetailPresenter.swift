import Contracts

/// Turns the article it was given into display strings (the Articles app's
/// DetailsPresenter).
final class ArticleDetailPresenter: ArticleShowing {
    weak var view: (any ArticleDetailViewing)?

    func show(_ article: Article) {
        var model = ArticleDetailViewModel()
        model.headline = article.title
        let fields = [("By", article.authors), ("Date", article.date), ("Website", article.website), ("Image", article.imageURL)]
        model.fields = fields.filter { !$0.1.isEmpty }.map { Field($0.0, $0.1) }
        model.paragraphs = article.content.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        view?.didUpdate(model)
    }
}
