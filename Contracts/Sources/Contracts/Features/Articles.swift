/// An article from a feed (the Articles VIPER app's entity). Every field but the
/// title may be empty.
public struct Article: Hashable, Sendable {
    /// The headline.
    public let title: String
    /// Who wrote it.
    public let authors: String
    /// When it was published, as the feed wrote it.
    public let date: String
    /// Where it was published.
    public let website: String
    /// The text.
    public let content: String
    /// The address of the article's picture (the feed's `imageUrl`); empty when it has none.
    /// Added after Contracts 1.1.
    public let imageURL: String

    /// Makes an article without a picture.
    public init(title: String, authors: String = "", date: String = "", website: String = "", content: String = "") {
        self.init(title: title, authors: authors, date: date, website: website, content: content, imageURL: "")
    }

    /// Makes an article with the address of its picture. Added after Contracts 1.1.
    public init(title: String, authors: String, date: String, website: String, content: String, imageURL: String) {
        self.title = title
        self.authors = authors
        self.date = date
        self.website = website
        self.content = content
        self.imageURL = imageURL
    }
}

/// The article list module (route `articles?source=URL`): fetches a JSON list of
/// articles and shows their titles in the feed's order; an empty list shows an
/// empty state (`Screen.empty`). A feed is a JSON array of articles, or an object
/// whose `articles` key holds one; each has a `title` and optionally `authors`,
/// `date`, `website` and `content`.
public protocol ArticleListing: AnyObject {
    /// Fetches from `url` (http, https or file) instead of the offline sample;
    /// an unusable URL is shown as the list's error, never thrown at the caller.
    func useSource(_ url: String)
}

/// The article detail module: shows one article, at least its title and content.
///
///     try router.push(ArticleShowing.self) { $0.show(article) }
public protocol ArticleShowing: AnyObject {
    /// The article to show.
    func show(_ article: Article)
}
