/// A plugin could not be recorded: its registration failed.
public struct RecordingError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public let message: String

    /// Makes an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
