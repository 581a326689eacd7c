import ConformanceKit
import Contracts
import Foundation
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

    @Test func thePicturesAddressIsShownAsALink() {
        let presenter = ArticleDetailPresenter()
        let view = SpyArticleDetailView()
        presenter.view = view
        presenter.show(Article(title: "T", authors: "", date: "", website: "", content: "", imageURL: "http://example.test/a.png"))
        #expect(view.models.last?.fields == [Field("Image", "http://example.test/a.png")])
    }

    @Test func theDecoderKeepsTheFeedsImageUrl() throws {
        let data = Data(#"[{"title": "T", "imageUrl": "http://example.test/a.png"}, {"title": "U"}]"#.utf8)
        let articles = try ArticleDecoder.articles(from: data, source: "test")
        #expect(articles.map(\.imageURL) == ["http://example.test/a.png", ""])
    }
}
