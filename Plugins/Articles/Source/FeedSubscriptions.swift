import Foundation

/// The feeds a person subscribed to (`subscribe URL`), kept in the data folder. The list's
/// Interactor depends on this, not on the file.
protocol FeedSubscriptions: AnyObject {
    /// The subscribed addresses, in the order they were added.
    func addresses() throws -> [String]
    /// Replaces the list.
    func save(_ addresses: [String]) throws
}

/// ``FeedSubscriptions`` in `feeds.json` in the data folder: a JSON array of addresses,
/// written whole and atomically. A file that cannot be read is an error naming it (it holds
/// the user's choices, so it is never silently replaced).
final class FileFeedSubscriptions: FeedSubscriptions {
    static let fileName = "feeds.json"
    let path: String

    init(folder: String) {
        path = (folder as NSString).appendingPathComponent(Self.fileName)
    }

    func addresses() throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        do {
            return try JSONDecoder().decode([String].self, from: data)
        } catch {
            throw ArticleSourceError("\(path) is not a JSON list of feed addresses; fix it or move it away, then try again")
        }
    }

    func save(_ addresses: [String]) throws {
        do {
            try JSONEncoder().encode(addresses).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ArticleSourceError("cannot keep the subscriptions in \(path): \(error.localizedDescription); check that the data folder is writable")
        }
    }
}
