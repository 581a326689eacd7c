/// Records events from several doubles in one order, to check what happened first.
///
/// Hand one log to the spies whose order matters, and have each record what it heard:
///
///     let log = EventLog()
///     presenter.router = RouterSpy(log: log)      // records "close"
///     presenter.output = OutputSpy(log: log)      // records "cancelled"
///     presenter.didCancel()
///     #expect(log.events == ["close", "cancelled"])
public final class EventLog {
    /// Every event, in the order recorded.
    public private(set) var events: [String] = []

    /// Makes an empty log.
    public init() {}

    /// Adds an event at the end.
    public func record(_ event: String) {
        events.append(event)
    }
}
