import Foundation

/// Gets the raw bytes of a feed. The list's Interactor depends on this, not on
/// URLSession, so tests can hand it bytes, and the sample needs no network.
protocol ArticleFetching: AnyObject {
    /// The body at `url`; throws ``ArticleSourceError`` saying what failed.
    func fetch(_ url: URL) throws -> Data
}
