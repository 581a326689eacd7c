/// Which items a list shows (a rule of the list Interactors): all of them, those whose name holds
/// some text (`find TEXT`, any case), or those with a tag (`tag home`: `+home` in the name).
enum TodoFilter: Equatable {
    case all
    case text(String)
    case tag(String)

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
