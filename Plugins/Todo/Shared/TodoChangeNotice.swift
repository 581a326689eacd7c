/// The line a to-do view shows after a command on items (Presenter-side formatting shared by
/// the lists).
enum TodoChangeNotice {
    static func text(for change: TodoChange) -> String {
        switch change {
        case .done(let items, let next):
            var text = "Done: \(names(items)). Type 'undo' to take \(items.count == 1 ? "it" : "them") back, 'finished' for the finished items."
            if !next.isEmpty {
                text += " Next: " + next.map { "\($0.title) (id \($0.id)), \(dueText($0))" }.joined(separator: "; ") + "."
            }
            return text
        case .deleted(let items): return "Deleted: \(names(items)). Type 'undo' to bring \(items.count == 1 ? "it" : "them") back."
        case .reopened(let items):
            return "Back on the list: " + items.map { "\($0.title) (id \($0.id)), \(dueText($0))" }.joined(separator: "; ") + "."
        case .prioritized(let items, let priority):
            return (priority.map { "Priority \(TodoFormat.priorityLabel($0)): " } ?? "No priority: ") + names(items) + "."
        case .noted(let item, let text): return "Noted on \(item.title) (id \(item.id)): \(text)"
        case .restored(let items, let removed, let verb):
            var parts: [String] = []
            if !items.isEmpty {
                let list = items.map { "\($0.title), \(dueText($0))" }.joined(separator: "; ")
                switch verb {
                case .done: parts.append("Back on the list (no longer done): \(list).")
                case .deleted: parts.append("Back on the list (no longer deleted): \(list).")
                case .reopened: parts.append("Done again: \(names(items)).")
                case .changed, .prioritized, .noted: parts.append("Back as it was: \(list).")
                case .added, .imported: break
                }
            }
            if !removed.isEmpty {
                parts.append("Removed again: \(names(removed)).")
            }
            return parts.isEmpty ? "Undone." : parts.joined(separator: " ")
        case .nothingToUndo: return "Nothing to undo: 'undo' takes back the last change to the to-do items, one step each time."
        case .imported(let count, let file, let already):
            let kept = already == 0 ? "" : " (\(already) already there, not added again)"
            return "Imported \(count) item\(count == 1 ? "" : "s") from \(file)\(kept). Type 'undo' to take the import back."
        case .exported(let count, let file): return "Exported \(count) item\(count == 1 ? "" : "s") to \(file) (todo.txt format)."
        }
    }

    /// "Delete 'Buy milk' (id 3)?", "Delete 2 items: Buy milk (id 3), Call mum (id 6)?".
    static func deleteQuestion(_ items: [TodoSummary]) -> String {
        if items.count == 1, let item = items.first { return "Delete '\(item.title)' (id \(item.id))?" }
        return "Delete \(items.count) items: \(names(items))?"
    }

    /// "Buy milk (id 3), Call mum (id 6)".
    static func names(_ items: [TodoSummary]) -> String {
        items.map { "\($0.title) (id \($0.id))" }.joined(separator: ", ")
    }

    /// "due 2026-12-01", "due 2026-12-01 09:00" or "no due date".
    static func dueText(_ item: TodoSummary) -> String {
        item.due.map { "due \($0.day)" + ($0.time.map { " " + TodoFormat.time($0) } ?? "") } ?? "no due date"
    }
}
