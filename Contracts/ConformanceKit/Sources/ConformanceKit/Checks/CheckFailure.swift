/// Thrown by a check that fails; its message is the check's reason: what was
/// wrong and what to do.
public struct CheckFailure: Error, CustomStringConvertible {
    /// What was wrong and what to do.
    public let message: String

    /// Makes a failure.
    public init(_ message: String) {
        self.message = message
    }

    /// Makes a failure that says what the contract promises and what happened
    /// instead: `expected <expected>, but <happened>`, then what to do, if given.
    ///
    ///     throw CheckFailure(expected: "notes newest first", happened: "'Older' came before 'Newer'")
    public init(expected: String, happened: String, fix: String? = nil) {
        self.message = "expected \(expected), but \(happened)" + (fix.map { "; \($0)" } ?? "")
    }

    /// The message.
    public var description: String { message }

    /// Throws a failure with `message` unless `condition` holds.
    ///
    ///     try CheckFailure.unless(screen.shows(note.title), "the editor does not show the note's title")
    public static func unless(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw CheckFailure(message()) }
    }

    /// Throws ``init(expected:happened:fix:)`` unless `condition` holds.
    ///
    ///     try CheckFailure.unless(ids == [newer, older], expected: "newest first", happened: "it listed \(ids)")
    public static func unless(_ condition: Bool, expected: @autoclosure () -> String,
                              happened: @autoclosure () -> String, fix: String? = nil) throws {
        if !condition { throw CheckFailure(expected: expected(), happened: happened(), fix: fix) }
    }
}
