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

    @Test func longLinesAreWrappedAndListItemsAndLinkNumbersKeepTheirLines() {
        let long = String(repeating: "word ", count: 30).trimmingCharacters(in: .whitespaces)
        let paragraphs = ArticleDetailPresenter.paragraphs("\(long)\n\n• item\n• other\n\nLinks:\n[1] https://a.example/")
        #expect(paragraphs.count == 3)
        #expect(paragraphs[0].split(separator: "\n").allSatisfy { $0.count <= ArticleDetailPresenter.width })
        #expect(paragraphs[0].split(separator: "\n").count == 2)
        #expect(paragraphs[1] == "• item\n• other")
        #expect(paragraphs[2] == "Links:\n[1] https://a.example/")
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
        let items = try ArticleDecoder.document(from: data, source: "test").items
        #expect(items.map(\.image) == ["http://example.test/a.png", ""])
    }

    @Test func nextShowsTheArticleTheListGivesAndSaysWhenNoneIsLeft() throws {
        let presenter = ArticleDetailPresenter()
        let view = SpyArticleDetailView()
        presenter.view = view
        #expect(!presenter.canStep, "not opened from a list: no 'next'")
        var left = [Article(title: "Second", authors: "", date: "", website: "", content: "Two")]
        presenter.nextArticle = { forward in forward && !left.isEmpty ? left.removeFirst() : nil }
        #expect(presenter.canStep)
        try presenter.didAskForNext()
        #expect(view.models.last?.headline == "Second")
        #expect { try presenter.didAskForNext() } throws: { ($0 as? CommandError)?.message.hasPrefix("no unread article is left after") == true }
        #expect { try presenter.didAskForPrevious() } throws: { ($0 as? CommandError)?.message.hasPrefix("no unread article is left before") == true }
        #expect(view.models.last?.headline == "Second", "the article stays on screen")
    }
}
