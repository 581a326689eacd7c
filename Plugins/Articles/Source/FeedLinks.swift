import Foundation

/// Makes a feed's links absolute, as a browser would: against the nearest base (an Atom
/// `xml:base` on the element or an ancestor, an RSS channel's `link`, a JSON Feed's
/// `home_page_url` or `feed_url`), itself resolved against the feed's own address.
enum FeedLinks {
    /// `link` resolved against `base`; `link` as given when it is already absolute or there is
    /// no base, and nil when it is empty.
    static func resolve(_ link: String, against base: URL?) -> String? {
        let trimmed = link.trimmed
        guard !trimmed.isEmpty else { return nil }
        guard let url = url(trimmed, relativeTo: base) else { return trimmed }
        return url.absoluteString
    }

    /// `text` as a URL relative to `base`; characters a URL may not hold (spaces, non-ASCII)
    /// are percent-encoded first.
    static func url(_ text: String, relativeTo base: URL?) -> URL? {
        let trimmed = text.trimmed
        if let url = URL(string: trimmed, relativeTo: base), url.scheme != nil { return url.absoluteURL }
        let allowed = CharacterSet.urlFragmentAllowed.union(CharacterSet(charactersIn: "#%"))
        guard let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: allowed),
              let url = URL(string: encoded, relativeTo: base), url.scheme != nil else { return nil }
        return url.absoluteURL
    }
}
