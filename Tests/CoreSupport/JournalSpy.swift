/// Records what the fake modules were told and did, in order.
package final class JournalSpy {
    package private(set) var events: [String] = []

    package func record(_ event: String) {
        events.append(event)
    }

    /// Forgets what happened so far (to assert on one step).
    package func clear() {
        events = []
    }
}
