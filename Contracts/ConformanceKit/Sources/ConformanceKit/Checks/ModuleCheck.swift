/// A named check run against one module through a ``ModuleHarness``. It throws
/// a ``CheckFailure`` (or any error) to fail, with a reason that says what to do.
///
///     ModuleCheck("shows-configured-note") { harness in
///         let module = try harness.build()
///         try module.input(as: NoteEditing.self).edit(note)
///         try CheckFailure.unless(module.appear().shows(note.title), "configured with a note, the editor does not show its title")
///     }
///
/// `@unchecked Sendable` (since Contracts 1.3, so suites can live in `static let`s of code in
/// the Swift 6 language mode): a check never changes after it is made, and the kit runs its
/// closure on the one thread that runs the suite. A check that captures mutable state of its
/// own must not be run from two threads at once.
public struct ModuleCheck: @unchecked Sendable {
    /// A short, stable, kebab-case name, e.g. `fresh-instance`.
    public let name: String
    /// The check.
    public let run: (ModuleHarness) throws -> Void

    /// Makes a check.
    public init(_ name: String, run: @escaping (ModuleHarness) throws -> Void) {
        self.name = name
        self.run = run
    }
}
