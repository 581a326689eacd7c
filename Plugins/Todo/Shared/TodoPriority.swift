import Contracts

/// An item's priority, as taskwarrior has it: high, medium or low (`pri H|M|L`); an item
/// without one sorts after low. In todo.txt, H, M and L are `(A)`, `(B)` and `(C)`.
enum TodoPriority: String, CaseIterable, Equatable {
    case high = "H"
    case medium = "M"
    case low = "L"

    /// 0 for high through 2 for low; 3 is used for none.
    var rank: Int {
        switch self {
        case .high: return 0
        case .medium: return 1
        case .low: return 2
        }
    }

    /// What `pri WORD` asks for: `.some(nil)` for `none`, nil when WORD is not a priority.
    static func read(_ word: String) -> TodoPriority?? {
        switch word.lowercased() {
        case "h", "high", "a", "(a)": return .some(.high)
        case "m", "medium", "b", "(b)": return .some(.medium)
        case "l", "low", "c", "(c)": return .some(.low)
        case "none", "-", "off": return .some(nil)
        default: return nil
        }
    }

    static let accepted = "give H (high), M (medium), L (low) or none"

    /// The sort key of an optional priority: none after low.
    static func rank(_ priority: TodoPriority?) -> Int {
        priority?.rank ?? 3
    }
}
