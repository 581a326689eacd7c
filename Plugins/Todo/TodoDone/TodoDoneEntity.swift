import Contracts

/// A finished item as the Interactor hands it to the Presenter: plain values.
struct FinishedItem: Equatable {
    let id: Int64
    let title: String
    /// The day it was marked done, in the clock's time zone.
    let doneOn: CalendarDay
    /// The ISO weekday of `doneOn`.
    let doneWeekday: Int
    /// The day it had been due; nil without one.
    let due: CalendarDay?
}
