/// Records events from several doubles in one order, to check what happened first.
final class EventLog {
    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }
}
