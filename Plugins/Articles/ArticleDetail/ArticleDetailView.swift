import Contracts

/// Draws one article. It has no commands of its own: 'back' returns to the list.
final class ArticleDetailView: ModuleView, ArticleDetailViewing {
    /// The view owns its presenter; the presenter holds the view weakly.
    private let presenter: ArticleDetailPresenter
    private var model = ArticleDetailViewModel()

    init(presenter: ArticleDetailPresenter) {
        self.presenter = presenter
    }

    var title: String { "Article" }

    func didUpdate(_ model: ArticleDetailViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        screen.heading(model.headline)
        if !model.fields.isEmpty {
            screen.fields(model.fields)
        }
        if model.paragraphs.isEmpty {
            screen.empty("This article has no text.")
        }
        for paragraph in model.paragraphs {
            screen.text(paragraph)
        }
    }
}
