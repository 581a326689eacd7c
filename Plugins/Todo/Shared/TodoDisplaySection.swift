import Contracts

/// One row of a to-do list as drawn: the item's stable id, its text, and its notes, each drawn
/// on a line of its own under it (display strings only).
struct TodoDisplayRow: Equatable {
    let id: Int64
    let text: String
    var notes: [String] = []
}

/// One group of a to-do list, e.g. "Tomorrow" with its rows.
struct TodoDisplaySection: Equatable {
    let name: String
    let rows: [TodoDisplayRow]
}

extension Screen {
    /// Draws `sections` heading by heading, each row led by its item's id (`  12. Buy milk`),
    /// the number every command and route uses, and its notes indented under it.
    func todoSections(_ sections: [TodoDisplaySection]) {
        let width = sections.flatMap(\.rows).map { String($0.id).count }.max() ?? 1
        let indent = String(repeating: " ", count: 2 + width + 2)
        for section in sections {
            heading(section.name)
            for row in section.rows {
                let id = String(row.id)
                text("  " + String(repeating: " ", count: width - id.count) + id + ". " + row.text)
                for note in row.notes {
                    text(indent + "- " + note)
                }
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

    /// The item ids a to-do command names: numbers and ranges, `done 1 6 9`, `done 1-3`,
    /// `done 1,2` (each once, in the order given). `words` are the arguments that hold them.
    func todoIDs(_ words: [String]? = nil) throws -> [Int64] {
        let words = (words ?? arguments).flatMap { $0.split(separator: ",").map(String.init) }
        guard !words.isEmpty else {
            throw CommandError("\(name) needs item ids: the numbers shown before the items, e.g. '\(name) 3', '\(name) 1 6 9' or '\(name) 1-3'")
        }
        var ids: [Int64] = []
        var seen = Set<Int64>()
        for word in words {
            let bounds = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = Int64(bounds[0]), first > 0, let last = bounds.count == 2 ? Int64(bounds[1]) : first, last > 0 else {
                throw CommandError("'\(word)' is not an item id; give the numbers shown before the items, e.g. '\(name) 3', '\(name) 1 6 9' or '\(name) 1-3'")
            }
            guard first <= last, last - first < 1000 else {
                throw CommandError("'\(word)' is not a range of ids; write the lower id first, at most 1000 ids, e.g. '\(name) 1-3'")
            }
            for id in first...last where seen.insert(id).inserted {
                ids.append(id)
            }
        }
        return ids
    }

    /// The words after the command as typed, with quotes taken off and each group kept
    /// together: `add "Buy milk; eggs"` gives `Buy milk; eggs`.
    var text: String {
        arguments.joined(separator: " ")
    }
}
