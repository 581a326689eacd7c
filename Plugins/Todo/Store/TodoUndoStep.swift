/// The last change `undo` can take back, kept by the store so it survives a restart.
struct TodoUndoStep: Equatable {
    /// What happened to the item.
    enum Verb: String, Equatable {
        case done, deleted, reopened
    }

    let verb: Verb
    /// The item as it was before the change.
    let record: TodoRecord
}
