/// Thrown by a check that fails; its message is the check's reason: what was
/// wrong and what to do.
public struct CheckFailure: Error, CustomStringConvertible {
    /// What was wrong and what to do.
    public let message: String

    /// Makes a failure.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Throws a failure with `message` unless `condition` holds.
    ///
    ///     try CheckFailure.unless(screen.shows(note.title), "the editor does not show the note's title")
    public static func unless(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw CheckFailure(message()) }
    }
}
