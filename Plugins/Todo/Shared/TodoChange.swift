/// What a command on items did, for the Presenter to say. Commands may name several items
/// (`done 1 6 9`), so most cases carry a list.
enum TodoChange: Equatable {
    /// `next`: the items added because done ones repeat.
    case done([TodoSummary], next: [TodoSummary])
    case deleted([TodoSummary])
    case reopened([TodoSummary])
    case prioritized([TodoSummary], TodoPriority?)
    case noted(TodoSummary, String)
    /// `undo` put items back as they were (`restored`) and removed those the change had added.
    case restored([TodoSummary], removed: [TodoSummary], after: TodoUndoStep.Verb)
    case nothingToUndo
    /// `already`: lines of the file that items already there say, not added again.
    case imported(count: Int, file: String, already: Int)
    case exported(count: Int, file: String)
}
