import Contracts
import Foundation

/// What the add form keeps across a crash (Contracts' ``RestorableModule``): the name and the
/// due day as typed.
struct TodoAddKeptWork: Codable, Equatable {
    var name: String
    /// `YYYY-MM-DD`, nil when no day is set.
    var due: String?
}

/// The presenter's side of ``RestorableModule``, for the view.
protocol TodoAddRestoring: AnyObject {
    var keptWork: String? { get }
    func takeBack(_ work: String) throws
}

extension TodoAddPresenter: TodoAddRestoring {
    var keptWork: String? {
        let kept = TodoAddKeptWork(name: name, due: due.map { "\($0.day)" })
        return (try? JSONEncoder().encode(kept)).map { String(decoding: $0, as: UTF8.self) }
    }

    func takeBack(_ work: String) throws {
        guard let kept = try? JSONDecoder().decode(TodoAddKeptWork.self, from: Data(work.utf8)) else {
            throw CommandError("the add form cannot read the unsaved work it was given back")
        }
        name = kept.name
        due = try kept.due.flatMap { try interactor.doParseDueDate($0) }
        refresh()
    }
}
