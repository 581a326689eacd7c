import Contracts

/// The line a to-do view shows after `done`, `delete` or `undo` (Presenter-side
/// formatting shared by the upcoming and all-items lists).
enum TodoChangeNotice {
    static func text(for change: TodoChange) -> String {
        switch change {
        case .done(let item): return "Done: \(item.name). Type 'undo' to bring it back."
        case .deleted(let item): return "Deleted: \(item.name). Type 'undo' to bring it back."
        case .restored(let item, let verb):
            return "Back on the list (\(verb == .done ? "no longer done" : "no longer deleted")): \(item.name), due \(item.due)."
        case .nothingToUndo: return "Nothing to undo: 'undo' brings back the last item marked done or deleted."
        }
    }
}
