import Contracts
import Foundation

/// Turns the article it was given into display strings (the Articles app's
/// DetailsPresenter), and opens its page on `browse`.
final class ArticleDetailPresenter: ArticleShowing, ArticleStepping, ArticleDetailEventHandling {
    weak var view: (any ArticleDetailViewing)?
    var nextArticle: ((_ forward: Bool) -> Article?)?
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
        model.paragraphs = Self.paragraphs(article.content)
        view?.didUpdate(model)
    }

    /// The text as paragraphs (blank lines between them in the text), each wrapped to
    /// ``width`` columns; a line that starts a list item, a quote or a link's number keeps its
    /// own line.
    static func paragraphs(_ content: String) -> [String] {
        content.components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { wrap(String($0)) }.joined(separator: "\n")
        }.filter { !$0.trimmed.isEmpty }
    }

    /// Columns of text, inside the screen's two-space margin.
    static let width = 76

    private static func wrap(_ line: String) -> String {
        guard line.count > width else { return line }
        let indent = String(line.prefix { $0 == " " || $0 == ">" })
        var lines: [String] = []
        var current = ""
        for word in line.dropFirst(indent.count).split(separator: " ") {
            if !current.isEmpty, indent.count + current.count + 1 + word.count > width {
                lines.append(indent + current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(indent + current) }
        return lines.joined(separator: "\n")
    }

    var canStep: Bool { nextArticle != nil }

    func didAskForNext() throws {
        try step(forward: true)
    }

    func didAskForPrevious() throws {
        try step(forward: false)
    }

    private func step(forward: Bool) throws {
        guard let nextArticle else { throw CommandError("this article was not opened from a list; 'back' returns to where it was") }
        guard let next = nextArticle(forward) else {
            throw CommandError("no unread article is left \(forward ? "after" : "before") this one in the list; 'back' returns to the list")
        }
        show(next)
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
