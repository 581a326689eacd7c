import Contracts

/// One row of a to-do list as drawn: the item's stable id and its text (display strings only).
struct TodoDisplayRow: Equatable {
    let id: Int64
    let text: String
}

/// One group of a to-do list, e.g. "Tomorrow" with its rows.
struct TodoDisplaySection: Equatable {
    let name: String
    let rows: [TodoDisplayRow]
}

extension Screen {
    /// Draws `sections` heading by heading, each row led by its item's id (`  12. Buy milk`),
    /// the number every command and route uses.
    func todoSections(_ sections: [TodoDisplaySection]) {
        let width = sections.flatMap(\.rows).map { String($0.id).count }.max() ?? 1
        for section in sections {
            heading(section.name)
            for row in section.rows {
                let id = String(row.id)
                text("  " + String(repeating: " ", count: width - id.count) + id + ". " + row.text)
            }
        }
    }
}

extension CommandInvocation {
    /// The item id a to-do command names (the number shown before the item).
    func todoID() throws -> Int64 {
        guard let word = arguments.first else {
            throw CommandError("\(name) needs an item id: the number shown before the item, e.g. '\(name) 3'")
        }
        guard let id = Int64(word), id > 0 else {
            throw CommandError("'\(word)' is not an item id; give the number shown before the item, e.g. '\(name) 3'")
        }
        return id
    }
}
