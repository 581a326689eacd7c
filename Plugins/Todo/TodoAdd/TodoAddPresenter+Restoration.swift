import Contracts
import Foundation

/// What the add form keeps across a crash (Contracts' ``RestorableModule``): the name and the
/// due day as typed.
struct TodoAddKeptWork: Codable, Equatable {
    var name: String
    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`, nil when no day is set.
    var due: String?
    /// `H`, `M` or `L`; nil for none (and in work kept before priorities).
    var priority: String?
    /// ``TodoRecurrence/code``; nil for none.
    var recurrence: String?
}

/// The presenter's side of ``RestorableModule``, for the view.
protocol TodoAddRestoring: AnyObject {
    var keptWork: String? { get }
    func takeBack(_ work: String) throws
}

extension TodoAddPresenter: TodoAddRestoring {
    var keptWork: String? {
        let kept = TodoAddKeptWork(name: name, due: due.map { "\($0.day)" + ($0.time.map { " " + TodoFormat.time($0) } ?? "") },
                                 priority: priority?.rawValue, recurrence: recurrence?.code)
        return (try? JSONEncoder().encode(kept)).map { String(decoding: $0, as: UTF8.self) }
    }

    func takeBack(_ work: String) throws {
        guard let kept = try? JSONDecoder().decode(TodoAddKeptWork.self, from: Data(work.utf8)) else {
            throw CommandError("the add form cannot read the unsaved work it was given back")
        }
        name = kept.name
        due = try kept.due.flatMap { try interactor.doParseDueDate($0) }
        priority = kept.priority.flatMap(TodoPriority.init(rawValue:))
        recurrence = kept.recurrence.flatMap(TodoRecurrence.init(code:))
        refresh()
    }
}
