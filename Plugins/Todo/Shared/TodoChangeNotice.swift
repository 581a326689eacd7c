/// The line a to-do view shows after `done`, `delete`, `reopen` or `undo` (Presenter-side
/// formatting shared by the lists).
enum TodoChangeNotice {
    static func text(for change: TodoChange) -> String {
        switch change {
        case .done(let item): return "Done: \(item.title) (id \(item.id)). Type 'undo' to take it back, 'finished' for the finished items."
        case .deleted(let item): return "Deleted: \(item.title) (id \(item.id)). Type 'undo' to bring it back."
        case .reopened(let item): return "Back on the list: \(item.title) (id \(item.id)), \(dueText(item))."
        case .restored(let item, let verb):
            switch verb {
            case .done: return "Back on the list (no longer done): \(item.title), \(dueText(item))."
            case .deleted: return "Back on the list (no longer deleted): \(item.title), \(dueText(item))."
            case .reopened: return "Done again: \(item.title) (id \(item.id))."
            }
        case .nothingToUndo: return "Nothing to undo: 'undo' takes back the last done, delete or reopen."
        }
    }

    /// "due 2026-12-01" or "no due date".
    static func dueText(_ item: TodoSummary) -> String {
        item.due.map { "due \($0.day)" } ?? "no due date"
    }
}
