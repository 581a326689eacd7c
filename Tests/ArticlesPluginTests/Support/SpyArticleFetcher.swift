import Foundation
@testable import ArticlesPlugin

/// Records the URLs it is asked for and answers with fixed bytes.
final class SpyArticleFetcher: ArticleFetching {
    private(set) var requested: [URL] = []
    var answer = Data("[]".utf8)

    func fetch(_ url: URL) throws -> Data {
        requested.append(url)
        return answer
    }
}
