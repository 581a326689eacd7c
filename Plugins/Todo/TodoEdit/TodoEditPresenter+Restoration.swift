import Contracts
import Foundation

/// What the to-do item editor keeps across a crash (Contracts' ``RestorableModule``): which item
/// it changes, and the name and due day as typed.
struct TodoEditKeptWork: Codable, Equatable {
    var itemID: Int64
    var name: String
    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`, nil when no day is set.
    var due: String?
    /// `H`, `M` or `L`; nil for none (and in work kept before priorities).
    var priority: String?
    /// ``TodoRecurrence/code``; nil for none.
    var recurrence: String?
}

/// The presenter's side of ``RestorableModule``, for the view.
protocol TodoEditRestoring: AnyObject {
    var keptWork: String? { get }
    func takeBack(_ work: String) throws
}

extension TodoEditPresenter: TodoEditRestoring {
    var keptWork: String? {
        guard let original else { return nil }
        let kept = TodoEditKeptWork(itemID: original.id, name: name, due: due.map { "\($0.day)" + ($0.time.map { " " + TodoFormat.time($0) } ?? "") },
                                 priority: priority?.rawValue, recurrence: recurrence?.code)
        return (try? JSONEncoder().encode(kept)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Finds the item again, then puts back what was typed; throws when the item is gone.
    func takeBack(_ work: String) throws {
        guard let kept = try? JSONDecoder().decode(TodoEditKeptWork.self, from: Data(work.utf8)) else {
            throw CommandError("the to-do item editor cannot read the unsaved work it was given back")
        }
        try edit(itemID: kept.itemID)
        name = kept.name
        due = try kept.due.flatMap { try interactor.doParseDueDate($0) }
        priority = kept.priority.flatMap(TodoPriority.init(rawValue:))
        recurrence = kept.recurrence.flatMap(TodoRecurrence.init(code:))
        refresh()
    }
}
