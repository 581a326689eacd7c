import Foundation

/// Which items a list shows (a rule of the list Interactors): all of them, those whose name holds
/// some text (`find TEXT`, any case), or those with a tag (`tag home`: `+home` in the name).
enum TodoFilter: Equatable {
    case all
    case text(String)
    case tag(String)

    /// The filter `find TEXT` asks for: the text trimmed, and every item when nothing is left.
    static func finding(_ text: String) -> TodoFilter {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? .all : .text(trimmed)
    }

    /// The filter `tag NAME` asks for: `home` or `+home`, and every item when no name is given.
    static func tagged(_ text: String) -> TodoFilter {
        var trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
        if trimmed.hasPrefix("+") { trimmed = trimmed.dropFirst() }
        return trimmed.isEmpty ? .all : .tag(String(trimmed))
    }

    /// The tags in `name`: each word starting with `+`, without it, in lower case.
    static func tags(in name: String) -> [String] {
        name.split(separator: " ").compactMap { word in
            word.count > 1 && word.hasPrefix("+") ? word.dropFirst().lowercased() : nil
        }
    }

    func matches(_ name: String) -> Bool {
        switch self {
        case .all: return true
        case .text(let text): return name.lowercased().contains(text.lowercased())
        case .tag(let tag): return Self.tags(in: name).contains(tag.lowercased())
        }
    }
}
