/// What happened to an item after `done`, `delete`, `reopen` or `undo`, for the Presenter to say.
enum TodoChange: Equatable {
    case done(TodoSummary)
    case deleted(TodoSummary)
    case reopened(TodoSummary)
    /// `undo` put the item back as it was; `verb` is how it had changed.
    case restored(TodoSummary, after: TodoUndoStep.Verb)
    case nothingToUndo
}
