import Foundation

/// Which items were read, kept in the data folder so `unread` and the feeds' counts still know
/// after a restart. An item is known by its feed and its id (``FeedItem/readKey``), never by its
/// link alone: two feeds' `/posts/welcome.html` are two items.
protocol ReadArticles: AnyObject {
    func isRead(_ item: FeedItem) -> Bool
    func markRead(_ items: [FeedItem]) throws
    func markUnread(_ items: [FeedItem]) throws
    /// Moves what earlier versions kept (an item's link as the feed wrote it, or its title)
    /// onto the items of `items` it names, by feed and id.
    func migrate(_ items: [FeedItem]) throws
}

/// ``ReadArticles`` in `articles-read.json` in the data folder: `{"read": [KEY...], "legacy":
/// [OLD...]}`. A file of earlier versions (a JSON array of links and titles) is read as
/// `legacy` keys, moved onto items as their feeds are seen, and never dropped unmatched. A
/// damaged file reads as nothing read (it is replaced by the next mark).
final class FileReadArticles: ReadArticles {
    static let fileName = "articles-read.json"
    let path: String
    private var state: State?

    init(folder: String) {
        path = (folder as NSString).appendingPathComponent(Self.fileName)
    }

    func isRead(_ item: FeedItem) -> Bool {
        load().read.contains(item.readKey)
    }

    func markRead(_ items: [FeedItem]) throws {
        var state = load()
        let before = state.read.count
        state.read.formUnion(items.map(\.readKey))
        guard state.read.count != before else { return }
        try save(state)
    }

    func markUnread(_ items: [FeedItem]) throws {
        var state = load()
        let before = state.read.count
        state.read.subtract(items.map(\.readKey))
        guard state.read.count != before else { return }
        try save(state)
    }

    func migrate(_ items: [FeedItem]) throws {
        var state = load()
        guard !state.legacy.isEmpty else { return }
        var matched = Set<String>()
        for item in items {
            let names = [item.link, item.title] + Self.relativeForms(of: item.link)
            if let name = names.first(where: { !$0.isEmpty && state.legacy.contains($0) }) {
                state.read.insert(item.readKey)
                matched.insert(name)
            }
        }
        guard !matched.isEmpty else { return }
        state.legacy.subtract(matched)
        try save(state)
    }

    /// The forms a relative link of `link` may have had in the feed: `/path` and `path`.
    private static func relativeForms(of link: String) -> [String] {
        guard let url = URL(string: link), url.host != nil else { return [] }
        var path = url.path
        if let query = url.query { path += "?" + query }
        guard path.count > 1 else { return [] }
        return [path, String(path.dropFirst())]
    }

    private struct State: Codable {
        var read: Set<String> = []
        var legacy: Set<String> = []
    }

    private func load() -> State {
        if let state { return state }
        var loaded = State()
        if let data = FileManager.default.contents(atPath: path) {
            if let current = try? JSONDecoder().decode(State.self, from: data) {
                loaded = current
            } else if let old = try? JSONDecoder().decode([String].self, from: data) {
                loaded.legacy = Set(old)
            }
        }
        state = loaded
        return loaded
    }

    private func save(_ new: State) throws {
        state = new
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            try encoder.encode(new).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ArticleSourceError("cannot keep what was read in \(path): \(error.localizedDescription); check that the data folder is writable")
        }
    }
}
