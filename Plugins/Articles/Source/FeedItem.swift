import Contracts

/// One item of a feed as the plugin keeps it (the entity of the list): known by its feed and
/// its id, with every link already absolute and its text already terminal text.
///
/// Invariants: `id` is never empty (the feed's `guid`/`id`, else the item's link, else its title
/// and date); `link`, `links` and each enclosure's address are absolute when the feed gave
/// enough to resolve them; `published` is nil exactly when the feed's date could not be read
/// (`dateText` then holds it as sent, and the item sorts after every dated one).
struct FeedItem: Equatable, Codable, Sendable {
    /// The subscription's address (or the `?source=URL`): the feed the item belongs to.
    var feed: String
    var id: String
    var title: String
    var author: String
    /// Where the item is on the web, absolute.
    var link: String
    /// Seconds since 1970 (UTC), when the date could be read.
    var published: Double?
    /// The date as the feed wrote it.
    var dateText: String
    /// The text, from HTML made terminal text (``HTMLText``).
    var text: String
    /// The text's links, numbered `[1]`, `[2]`... in it.
    var links: [String]
    var enclosures: [FeedEnclosure]
    var image: String
    /// The feed's own title (its site's name).
    var site: String

    init(feed: String, id: String, title: String, author: String = "", link: String = "", published: Double? = nil,
         dateText: String = "", text: String = "", links: [String] = [], enclosures: [FeedEnclosure] = [], image: String = "",
         site: String = "") {
        self.feed = feed
        self.id = id
        self.title = title
        self.author = author
        self.link = link
        self.published = published
        self.dateText = dateText
        self.text = text
        self.links = links
        self.enclosures = enclosures
        self.image = image
        self.site = site
    }

    /// What read state is kept by: the feed and the item's id, so two feeds' `/posts/1.html`
    /// never share it.
    var readKey: String { feed + " " + id }
}

/// A file the item carries (a podcast's audio, a PDF): RSS `<enclosure>`, Atom
/// `<link rel="enclosure">`, JSON Feed `attachments`.
struct FeedEnclosure: Equatable, Codable, Sendable {
    var url: String
    var type: String
    /// In bytes; nil when the feed did not say.
    var length: Int?
}

/// A whole feed as read: its title, its site's address, and its items in the feed's order.
struct FeedDocument: Equatable, Sendable {
    var title: String
    var site: String
    var items: [FeedItem]
}
