/// One change `undo` can take back, kept by the store (the latest of many, so `undo` can be
/// typed again and again, and across restarts). A step is one command: `done 1 6 9` is one
/// step, and so is a `done` that added the next item of a recurring one.
struct TodoUndoStep: Equatable {
    /// What the command did.
    enum Verb: String, Equatable {
        case done, deleted, reopened, added, changed, prioritized, noted, imported
    }

    /// One item the command touched: as it was before (nil: the command added it, so undo removes it).
    struct Entry: Equatable {
        let id: Int64
        let before: TodoRecord?
    }

    let verb: Verb
    let entries: [Entry]

    /// A step that put back `records` as they were.
    init(verb: Verb, records: [TodoRecord], added: [Int64] = []) {
        self.verb = verb
        entries = records.map { Entry(id: $0.id, before: $0) } + added.map { Entry(id: $0, before: nil) }
    }

    init(verb: Verb, entries: [Entry]) {
        self.verb = verb
        self.entries = entries
    }

    /// How many steps the store keeps; older ones are forgotten.
    static let kept = 100
}
