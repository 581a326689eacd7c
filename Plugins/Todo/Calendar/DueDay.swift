import Contracts

/// A due day the Interactor read from the user's words, with how to say it.
struct DueDay: Equatable {
    let day: CalendarDay
    /// e.g. "Wednesday 2026-12-02 (tomorrow)".
    let label: String
}
