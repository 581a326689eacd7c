/// Records what the fake modules were told and did, in order.
final class JournalSpy {
    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }

    /// Forgets what happened so far (to assert on one step).
    func clear() {
        events = []
    }
}
