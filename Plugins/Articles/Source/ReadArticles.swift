import Foundation

/// Which articles were read (opened with `show N`), kept in the data folder so `unread`
/// still knows after a restart. An article is known by its address, or its title without one.
protocol ReadArticles: AnyObject {
    func isRead(_ key: String) -> Bool
    func markRead(_ key: String) throws
}

/// ``ReadArticles`` in `articles-read.json` in the data folder: a JSON array of keys. A damaged
/// file reads as nothing read (it is replaced by the next mark).
final class FileReadArticles: ReadArticles {
    static let fileName = "articles-read.json"
    let path: String
    private var keys: Set<String>?

    init(folder: String) {
        path = (folder as NSString).appendingPathComponent(Self.fileName)
    }

    func isRead(_ key: String) -> Bool {
        load().contains(key)
    }

    func markRead(_ key: String) throws {
        var all = load()
        guard all.insert(key).inserted else { return }
        keys = all
        do {
            try JSONEncoder().encode(all.sorted()).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ArticleSourceError("cannot keep what was read in \(path): \(error.localizedDescription); check that the data folder is writable")
        }
    }

    private func load() -> Set<String> {
        if let keys { return keys }
        let read = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode([String].self, from: $0) } ?? []
        keys = Set(read)
        return Set(read)
    }
}
