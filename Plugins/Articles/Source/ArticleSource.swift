import Foundation

/// Where the article list comes from.
enum ArticleSource: Equatable {
    /// The sample compiled into this plugin (``OfflineArticles``).
    case offline
    /// A feed at an http, https or file URL.
    case url(URL)

    /// Reads what the user gave as a source; throws ``ArticleSourceError`` for
    /// anything that is not an http, https or file URL.
    init(_ text: String) throws {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty else {
            self = .offline
            return
        }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              ["http", "https", "file"].contains(scheme),
              scheme == "file" || !(url.host ?? "").isEmpty else {
            throw ArticleSourceError("'\(trimmed)' is not a source viper can fetch: give the http://, https:// or file:// address of a feed (RSS, Atom or JSON Feed)")
        }
        self = .url(url)
    }

    /// How the view names it.
    var label: String {
        switch self {
        case .offline: return "built-in sample (offline)"
        case .url(let url): return url.absoluteString
        }
    }
}
