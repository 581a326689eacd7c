import Foundation
@testable import ArticlesPlugin

/// Records the URLs it is asked for and answers with fixed bytes, or fails.
final class SpyArticleFetcher: ArticleFetching {
    private(set) var requested: [URL] = []
    var answer = Data("[]".utf8)
    var failure: (any Error)?

    func fetch(_ url: URL) throws -> Data {
        requested.append(url)
        if let failure { throw failure }
        return answer
    }
}
