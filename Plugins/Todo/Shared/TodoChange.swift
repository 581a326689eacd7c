import Contracts

/// What happened to an item after `done`, `delete` or `undo`, for the Presenter to say.
enum TodoChange: Equatable {
    case done(TodoItem)
    case deleted(TodoItem)
    /// `undo` put the item back; `verb` is how it had left.
    case restored(TodoItem, after: UndoHistory.Verb)
    case nothingToUndo
}
