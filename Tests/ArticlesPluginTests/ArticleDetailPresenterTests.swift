import ConformanceKit
import Contracts
import Testing
@testable import ArticlesPlugin

@Suite struct ArticleDetailPresenterTests {
    @Test func showsTheArticleAsHeadlineFieldsAndParagraphs() {
        let presenter = ArticleDetailPresenter()
        let view = SpyArticleDetailView()
        presenter.view = view
        presenter.show(Article(title: "Routers by protocol", authors: "Ada Lovelace", date: "", website: "example.test",
                               content: "One.\n\nTwo."))
        #expect(view.models.last == ArticleDetailViewModel(
            headline: "Routers by protocol",
            fields: [Field("By", "Ada Lovelace"), Field("Website", "example.test")],
            paragraphs: ["One.", "Two."]))
    }

    @Test func theViewSaysWhenThereIsNoText() {
        let presenter = ArticleDetailPresenter()
        let view = ArticleDetailView(presenter: presenter)
        presenter.view = view
        presenter.show(Article(title: "Empty"))
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == ["heading: Empty", "empty: This article has no text."])
    }
}
