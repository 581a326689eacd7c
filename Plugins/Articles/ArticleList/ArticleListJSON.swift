import Foundation

/// How the Articles lists say what they show as data, for `viper --json` (Presenter-side
/// formatting): one JSON array on one line, an object per row in the order shown, `number`
/// being the row's number on screen (what `read N` takes), every key always present (null
/// when unknown). Times are ISO 8601 in the clock's zone with their offset.
///
/// The feeds screen:
///
///     [{"lastFetched":"2026-12-01T09:00:00-05:00","number":1,"title":"Swift.org","total":12,
///       "unread":3,"url":"https://www.swift.org/atom.xml"}]
///
/// A list of articles (a feed's, `all`, `unread`, `find`):
///
///     [{"author":"Ada","enclosures":[{"length":3145728,"type":"audio/mpeg","url":"https://a.example/e.mp3"}],
///       "feed":"https://a.example/feed.xml","link":"https://a.example/posts/1.html","number":1,
///       "published":"2026-12-01T09:00:00+01:00","read":false,"site":"Site A","title":"First"}]
enum ArticleListJSON {
    /// The output format a module was built for: `VIPER_OUTPUT=json` (which `viper --json` sets
    /// for its session) asks for data; anything else for the screen.
    static func wanted(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["VIPER_OUTPUT"] == "json"
    }

    /// The feeds screen's rows.
    static func feeds(_ feeds: [FeedSummary], dates: LocalDates) -> String {
        text(feeds.enumerated().map { offset, feed in
            [
                "number": offset + 1, "title": feed.title, "url": feed.address, "unread": feed.unread, "total": feed.total,
                "lastFetched": feed.fetched.map(dates.iso8601) ?? NSNull(),
            ]
        })
    }

    /// A list's articles: `feed` is the address of the feed the article came from (the `url`
    /// of the feeds screen; null for the built-in sample), `site` that feed's title;
    /// `published` is a day alone when the feed gave one (`2026-11-02`, as the screen shows
    /// it), null when the feed's date could not be read.
    static func articles(_ rows: [ListedItem], dates: LocalDates) -> String {
        text(rows.enumerated().map { offset, listed in
            let item = listed.item
            return [
                "number": offset + 1, "feed": orNull(item.feed), "site": orNull(item.site), "title": item.title, "link": orNull(item.link),
                "author": orNull(item.author), "published": published(item, dates: dates), "read": listed.isRead,
                "enclosures": item.enclosures.map { enclosure -> [String: Any] in
                    ["url": enclosure.url, "type": orNull(enclosure.type), "length": enclosure.length ?? NSNull()]
                },
            ]
        })
    }

    /// The day as the feed wrote it when it gave a day alone (`2026-11-02`): no time to put
    /// in a zone. Nil for a date with a time, or none.
    static func day(of item: FeedItem) -> String? {
        let written = item.dateText.trimmed
        return item.published != nil && written.count == 10 && written.dropFirst(4).first == "-" ? written : nil
    }

    private static func published(_ item: FeedItem, dates: LocalDates) -> Any {
        guard let published = item.published else { return NSNull() }
        return day(of: item) ?? dates.iso8601(published)
    }

    private static func orNull(_ text: String) -> Any {
        text.isEmpty ? NSNull() : text
    }

    /// `objects` as one line of JSON, keys sorted.
    private static func text(_ objects: [[String: Any]]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "[]"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
