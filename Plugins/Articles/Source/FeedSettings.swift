import Foundation

/// How the list is kept: how old a kept copy may be before opening the list fetches the feed
/// again (`maxage`), and the order articles are listed in (`sort`).
struct FeedPreferences: Codable, Equatable {
    /// Minutes; 0 fetches every feed each time the list opens.
    var maxAgeMinutes = 30
    var sort = ArticleOrder.date
    /// Names an OPML file gave feeds, shown until a feed's own title is known (absent in files
    /// of earlier versions).
    var names: [String: String]?
}

/// The orders of `sort`: newest first, or by title, author or site (A to Z).
enum ArticleOrder: String, Codable, CaseIterable {
    case date, title, author, site
}

/// Where the preferences are kept. The Interactor depends on this, not on the file.
protocol FeedSettings: AnyObject {
    func preferences() -> FeedPreferences
    func save(_ preferences: FeedPreferences) throws
}

/// ``FeedSettings`` in `articles-settings.json` in the data folder. A file that cannot be read
/// gives the defaults (and is replaced by the next change).
final class FileFeedSettings: FeedSettings {
    static let fileName = "articles-settings.json"
    let path: String

    init(folder: String) {
        path = (folder as NSString).appendingPathComponent(Self.fileName)
    }

    func preferences() -> FeedPreferences {
        FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode(FeedPreferences.self, from: $0) } ?? FeedPreferences()
    }

    func save(_ preferences: FeedPreferences) throws {
        do {
            try JSONEncoder().encode(preferences).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ArticleSourceError("cannot keep the settings in \(path): \(error.localizedDescription); check that the data folder is writable")
        }
    }
}
