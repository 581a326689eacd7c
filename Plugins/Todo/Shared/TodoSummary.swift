/// An item as an Interactor hands it to a Presenter: plain values, not the stored entity.
struct TodoSummary: Equatable {
    let id: Int64
    let title: String
    /// nil for an item without a date.
    let due: DueDay?
    var priority: TodoPriority?
    var recurrence: TodoRecurrence?
}
