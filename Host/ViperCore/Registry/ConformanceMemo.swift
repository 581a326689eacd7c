import Synchronization

/// `object is Input` for a module registration (``ModuleRegistration/conforms``), remembering
/// the last class that passed. A cast to a protocol asks the Swift runtime's conformance cache,
/// which costs about 80 ns a check (measured: a third of what building a module with three
/// services costs over wiring it by hand); a module's input is nearly always of one class, so
/// the common check is a load of the object's class and of one word, no lock-prefixed instruction.
///
/// Invariants: only classes that passed `check` are remembered, and a class that conforms keeps
/// conforming (its metadata lives as long as the process: plugin images are never closed), so
/// the answer is `check`'s; a class that failed is checked again each time (a conformance may
/// come with a plugin loaded later). The word is a hint, read and written relaxed.
package final class ConformanceMemo: Sendable {
    private let check: @Sendable (AnyObject) -> Bool
    private let lastConforming = Atomic<UInt>(0)

    package init(_ check: @escaping @Sendable (AnyObject) -> Bool) {
        self.check = check
    }

    package func callAsFunction(_ object: AnyObject) -> Bool {
        let type = UInt(bitPattern: ObjectIdentifier(Swift.type(of: object)))
        if lastConforming.load(ordering: .relaxed) == type { return true }
        guard check(object) else { return false }
        lastConforming.store(type, ordering: .relaxed)
        return true
    }
}
