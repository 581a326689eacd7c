/// A named check run against one registered service through a ``ServiceHarness``.
/// It throws a ``CheckFailure`` to fail, or ``NotApplicable`` when it cannot apply.
///
///     ServiceCheck("missing-note-is-nil") { harness in
///         let store = try harness.make(NoteStore.self)
///         try CheckFailure.unless(try store.note(id: 9_999) == nil, "note(id:) of a missing note is not nil")
///     }
///
/// `@unchecked Sendable` since Contracts 1.3, for the reason ``ModuleCheck`` gives.
public struct ServiceCheck: @unchecked Sendable {
    /// A short, stable, kebab-case name for the promise, e.g. `keeps-writes-across-instances`.
    public let name: String
    /// The check.
    public let run: (ServiceHarness) throws -> Void

    /// Makes a check.
    public init(_ name: String, run: @escaping (ServiceHarness) throws -> Void) {
        self.name = name
        self.run = run
    }
}
